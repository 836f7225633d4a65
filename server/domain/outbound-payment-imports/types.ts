import type { HolderMatchResult } from '../account-holder-verifications/sandbox-names';
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
  /** The access token that created the import: its outbound payments are made under it. */
  created_by_token_id: string | null;
  /** The dashboard user who authorised it, and when. */
  authorised_by_user_id: string | null;
  authorised_at: Date | null;
  processed_count: number;
  failed_to_process_count: number;
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
  outbound_payment_id: string | null;
  processed_at: Date | null;
  verification_result: HolderMatchResult | null;
  created_at: Date;
}

export interface ImportFilters {
  status?: OutboundPaymentImportStatus;
  createdAt?: TimeRange;
}
