import type { RowOf } from '../shared/table';
import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { outboundPaymentImportEntriesTable } from './queries';
import type { outboundPaymentImportsTable } from './queries';

/** The public API's OutboundPaymentImportStatus. */
export const OUTBOUND_PAYMENT_IMPORT_STATUSES = [
  'created',
  'validating',
  'valid',
  'invalid',
  'processing',
  'processed',
  'cancelled',
] as const;
export type OutboundPaymentImportStatus = (typeof OUTBOUND_PAYMENT_IMPORT_STATUSES)[number];

/**
 * An entry is validated `valid` or `invalid` as the import is created; once the import is
 * processed a valid entry ends `processed` (its outbound payment made) or `failed_to_process`.
 */
export const ENTRY_STATUSES = ['valid', 'invalid', 'processed', 'failed_to_process'] as const;
export type OutboundEntryStatus = (typeof ENTRY_STATUSES)[number];

/** Outbound payments are Faster Payments in pounds (reference: `currency {GBP}`, `scheme {faster_payments}`). */
export const OUTBOUND_SCHEME = 'faster_payments';
export const OUTBOUND_CURRENCY = 'GBP';

export interface EntryItemInput {
  amount: number;
  scheme: typeof OUTBOUND_SCHEME;
  recipient_bank_account_id: string;
  reference?: string | null;
  metadata?: Metadata | null;
}

export interface CreateOutboundPaymentImport {
  entry_items: EntryItemInput[];
  links?: { creditor?: string | null } | null;
}

/** What is wrong with an entry, per field of the outbound payment it would make (codes). */
export interface EntryValidationErrors {
  amount?: string[];
  recipient_bank_account?: string[];
  reference?: string[];
}

/** A row of `outbound_payment_imports` as stored: its table's declaration. */
export type OutboundPaymentImportRow = RowOf<typeof outboundPaymentImportsTable>;

/** A row of `outbound_payment_import_entries` as stored: its table's declaration. */
export type OutboundPaymentImportEntryRow = RowOf<typeof outboundPaymentImportEntriesTable>;

export interface ImportFilters {
  status?: OutboundPaymentImportStatus;
  createdAt?: TimeRange;
}
