import { z } from 'zod';
import {
  ENTRY_LIST_STATUSES,
  mandateImportEntryWire,
  mandateImportWire,
  serializeMandateImport,
  serializeMandateImportEntry,
} from '../wire/mandate-imports';
import { cursorQuery, pageOf } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { metadata, optionalString, scheme } from '../schemas';
import { bankDetailsFields } from './customer-bank-accounts';
import { customerFields } from './customers';

const createImportBody = z.strictObject({
  scheme,
  links: z.strictObject({ creditor: z.string().min(1).max(100).nullish() }).nullish(),
});

/** The entry's objects as the public API's mandate_import_entries create takes them. */
const { account_number_suffix: _suffix, currency: _currency, ...entryBankFields } = bankDetailsFields;
const createEntryBody = z.strictObject({
  record_identifier: optionalString(255),
  customer: z.strictObject(customerFields),
  bank_account: z.strictObject({ ...entryBankFields, account_holder_name: z.string().min(1).max(140) }),
  mandate: z
    .strictObject({
      authorisation_source: z.enum(['web', 'telephone', 'paper']).nullish(),
      metadata,
      reference: optionalString(35),
    })
    .nullish(),
  amendment: z
    .strictObject({
      original_creditor_id: z.string().min(1).max(255),
      original_creditor_name: z.string().min(1).max(255),
      original_mandate_reference: z.string().min(1).max(255),
    })
    .nullish(),
  links: z.strictObject({ mandate_import: z.string().min(1).max(100) }),
});

const listEntriesQuery = z.strictObject({
  ...cursorQuery,
  mandate_import: z.string().min(1).max(100),
  status: z.enum(ENTRY_LIST_STATUSES).optional(),
});

const imports = { tag: 'Mandate imports', resourceKey: 'mandate_imports', response: mandateImportWire } as const;
const entries = {
  tag: 'Mandate import entries',
  resourceKey: 'mandate_import_entries',
  response: mandateImportEntryWire,
} as const;

export const mandateImportRoutes = [
  defineRoute({
    ...imports,
    method: 'POST',
    path: '/mandate_imports',
    operationId: 'createMandateImport',
    summary: 'Create a mandate import (entries are added one at a time, then it is submitted or cancelled)',
    kind: 'create',
    status: 201,
    body: createImportBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const row = await services.mandateImports.create(tx, actor, body, { idempotencyKey });
      return created('mandate_imports', serializeMandateImport(row), `${config.publicUrl}/mandate_imports/${row.id}`);
    },
  }),
  defineRoute({
    ...imports,
    method: 'GET',
    path: '/mandate_imports/:id',
    operationId: 'getMandateImport',
    summary: 'Get a mandate import',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('mandate_imports', serializeMandateImport(await services.mandateImports.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...imports,
    method: 'POST',
    path: '/mandate_imports/:id/actions/submit',
    operationId: 'submitMandateImport',
    summary: 'Submit a mandate import: no more entries; processed about 10 seconds later in the sandbox',
    kind: 'action',
    status: 200,
    bodyKeys: ['mandate_imports'],
    async handler({ services, tx, actor, params }) {
      return ok('mandate_imports', serializeMandateImport(await services.mandateImports.submit(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...imports,
    method: 'POST',
    path: '/mandate_imports/:id/actions/cancel',
    operationId: 'cancelMandateImport',
    summary: 'Cancel a mandate import that has not been submitted',
    kind: 'action',
    status: 200,
    bodyKeys: ['mandate_imports'],
    async handler({ services, tx, actor, params }) {
      return ok('mandate_imports', serializeMandateImport(await services.mandateImports.cancel(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...entries,
    method: 'POST',
    path: '/mandate_import_entries',
    operationId: 'createMandateImportEntry',
    summary: 'Add an entry to a mandate import that has not been submitted or cancelled',
    kind: 'create',
    status: 201,
    body: createEntryBody,
    async handler({ services, tx, actor, body, idempotencyKey }) {
      const entry = await services.mandateImports.addEntry(tx, actor, body, { idempotencyKey });
      // Entries have no address of their own: the list by import is where they are read.
      return { status: 201, body: { mandate_import_entries: serializeMandateImportEntry(entry) } };
    },
  }),
  defineRoute({
    ...entries,
    method: 'GET',
    path: '/mandate_import_entries',
    operationId: 'listMandateImportEntries',
    summary: 'List the entries of a mandate import',
    kind: 'list',
    status: 200,
    query: listEntriesQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.mandateImports.listEntries(
        tx,
        actor,
        { mandateImport: query.mandate_import, status: query.status },
        pageOf(query),
      );
      return listResult('mandate_import_entries', page, serializeMandateImportEntry);
    },
  }),
];
