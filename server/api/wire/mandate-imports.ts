import { z } from 'zod';
import { ENTRY_STATUSES, MANDATE_IMPORT_STATUSES } from '../../domain/mandate-imports/types';
import type { MandateImportEntryRow, MandateImportRow } from '../../domain/mandate-imports/types';
import { SCHEMES } from '../../domain/schemes/types';
import { linkWire, present, timestamp } from './present';

/** A mandate import on the wire (public API `mandate_imports`). */
export const mandateImportWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  scheme: z.enum(SCHEMES),
  status: z.enum(MANDATE_IMPORT_STATUSES),
  links: z.strictObject({ creditor: linkWire }),
});

export function serializeMandateImport(row: MandateImportRow): z.output<typeof mandateImportWire> {
  return present({
    id: row.id,
    created_at: timestamp(row.created_at),
    scheme: row.scheme,
    status: row.status,
    links: { creditor: row.creditor_id },
  });
}

/**
 * A mandate import entry on the wire (public API `mandate_import_entries`): no id of its own, as
 * the reference has it. `processing_errors` maps a field of the entry (or `mandate`) to the codes
 * of what was wrong with it (null when nothing was); the links name what processing made. Every
 * attribute is sent, `null` when unset (decision 0076).
 */
export const mandateImportEntryWire = z.strictObject({
  created_at: z.string(),
  record_identifier: z.string().nullable(),
  processing_errors: z.record(z.string(), z.array(z.string())).nullable(),
  links: z.strictObject({
    mandate_import: linkWire,
    customer: linkWire.optional(),
    customer_bank_account: linkWire.optional(),
    mandate: linkWire.optional(),
  }),
});

export const ENTRY_LIST_STATUSES = ENTRY_STATUSES.filter((s) => s !== 'pending') as [
  'successfully_processed',
  'unsuccessfully_processed',
];

export function serializeMandateImportEntry(row: MandateImportEntryRow): z.output<typeof mandateImportEntryWire> {
  return {
    created_at: timestamp(row.created_at),
    record_identifier: row.record_identifier ?? null,
    processing_errors: row.processing_errors ?? null,
    links: present({
      mandate_import: row.mandate_import_id,
      customer: row.customer_id,
      customer_bank_account: row.customer_bank_account_id,
      mandate: row.mandate_id,
    }),
  };
}
