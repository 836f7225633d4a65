import { z } from 'zod';
import { MAX_ENTRY_ITEMS } from '../../domain/outbound-payment-imports/rules';
import { OUTBOUND_PAYMENT_IMPORT_STATUSES } from '../../domain/outbound-payment-imports/types';
import {
  outboundPaymentImportEntryWire,
  outboundPaymentImportWire,
  serializeOutboundPaymentImport,
  serializeOutboundPaymentImportEntry,
} from '../wire/outbound-payment-imports';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { metadataSchema } from '../../domain/shared/metadata';

/**
 * One entry as the reference's `entry_items[]` has it. Types are checked here (a wrong JSON type
 * refuses the request); values (amount limits, the recipient, the reference) are checked per
 * entry by the domain and stored with the entry, so one bad entry does not refuse the import.
 */
const entryItem = z.strictObject({
  amount: z.number(),
  scheme: z.enum(['faster_payments']),
  recipient_bank_account_id: z.string().min(1).max(100),
  reference: z.string().max(140).nullish(),
  metadata: metadataSchema.nullish(),
});

const createBody = z.strictObject({
  entry_items: z.array(entryItem).min(1).max(MAX_ENTRY_ITEMS),
  links: z.strictObject({ creditor: z.string().min(1).max(100).nullish() }).nullish(),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  status: z.enum(OUTBOUND_PAYMENT_IMPORT_STATUSES).optional(),
  created_at: timeRangeQuery.optional(),
});

const entriesQuery = z.strictObject({ ...cursorQuery, outbound_payment_import: z.string().min(1).max(100) });

const imports = {
  tag: 'Outbound payment imports',
  resourceKey: 'outbound_payment_imports',
  response: outboundPaymentImportWire,
} as const;

export const outboundPaymentImportRoutes = [
  defineRoute({
    ...imports,
    method: 'POST',
    path: '/outbound_payment_imports',
    operationId: 'createOutboundPaymentImport',
    summary:
      'Create an outbound payment import: entries validated one by one; a valid import is authorised at its authorisation_url, then processed',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, token, body, idempotencyKey }) {
      const row = await services.outboundPaymentImports.create(tx, actor, body, { idempotencyKey, tokenId: token.id });
      return created(
        'outbound_payment_imports',
        serializeOutboundPaymentImport(row, config),
        `${config.publicUrl}/outbound_payment_imports/${row.id}`,
      );
    },
  }),
  defineRoute({
    ...imports,
    method: 'GET',
    path: '/outbound_payment_imports',
    operationId: 'listOutboundPaymentImports',
    summary: 'List outbound payment imports',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, config, actor, query }) {
      const page = await services.outboundPaymentImports.list(
        tx,
        actor,
        { status: query.status, createdAt: query.created_at },
        pageOf(query),
      );
      return listResult('outbound_payment_imports', page, (row) => serializeOutboundPaymentImport(row, config));
    },
  }),
  defineRoute({
    ...imports,
    method: 'GET',
    path: '/outbound_payment_imports/:id',
    operationId: 'getOutboundPaymentImport',
    summary: 'Get an outbound payment import',
    kind: 'read',
    status: 200,
    async handler({ services, tx, config, actor, params }) {
      const row = await services.outboundPaymentImports.get(tx, actor, params.id);
      return ok('outbound_payment_imports', serializeOutboundPaymentImport(row, config));
    },
  }),
  defineRoute({
    tag: 'Outbound payment imports',
    resourceKey: 'outbound_payment_import_entries',
    response: outboundPaymentImportEntryWire,
    method: 'GET',
    path: '/outbound_payment_import_entries',
    operationId: 'listOutboundPaymentImportEntries',
    summary:
      'List the entries of an outbound payment import, each with its validation errors and, once processed, its outbound payment',
    kind: 'list',
    status: 200,
    query: entriesQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.outboundPaymentImports.listEntries(
        tx,
        actor,
        query.outbound_payment_import,
        pageOf(query),
      );
      return listResult('outbound_payment_import_entries', page, serializeOutboundPaymentImportEntry);
    },
  }),
];
