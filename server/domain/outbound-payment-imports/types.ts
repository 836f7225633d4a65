import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';

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

export const ENTRY_STATUSES = ['valid', 'invalid'] as const;
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

export interface OutboundPaymentImportRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  status: OutboundPaymentImportStatus;
  currency: string;
  amount_sum: number;
  total_count: number;
  valid_count: number;
  invalid_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface OutboundPaymentImportEntryRow {
  id: string;
  organisation_id: string;
  outbound_payment_import_id: string;
  amount: number | null;
  scheme: string;
  reference: string | null;
  metadata: Metadata | null;
  recipient_bank_account_id: string | null;
  status: OutboundEntryStatus;
  validation_errors: { outbound_payment: EntryValidationErrors } | null;
  created_at: Date;
}

export interface ImportFilters {
  status?: OutboundPaymentImportStatus;
  createdAt?: TimeRange;
}
