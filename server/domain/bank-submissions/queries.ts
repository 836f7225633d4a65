import { col, defineTable, type RowOf } from '../shared/table';

/**
 * The originator's own account a file names (migration 0092): `sort_code`/`account_number` for the
 * Bacs contra, `iban`/`bic` for the SEPA creditor, `routing_number` of the ACH ODFI.
 */
export interface BankOriginator {
  sort_code?: string;
  account_number?: string;
  iban?: string;
  bic?: string;
  routing_number?: string;
}

/** Issue #36, decision 0081: how a creditor's instructions for a scheme reach its bank. */
export const bankConnectionsTable = defineTable('bank_connections', {
  organisation_id: col.text(),
  creditor_id: col.text(),
  scheme: col.text(),
  kind: col.text<'simulated' | 'file'>(),
  cutoff_time: col.text(),
  originator: col.jsonb<BankOriginator>().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});
export type BankConnectionRow = RowOf<typeof bankConnectionsTable>;

export type BankSubmissionStatus = 'pending' | 'submitted' | 'accepted' | 'rejected';

export const bankSubmissionsTable = defineTable('bank_submissions', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  scheme: col.text(),
  format: col.text(),
  submission_date: col.date(),
  file_reference: col.text(),
  file_name: col.text(),
  file: col.bytea(),
  file_sha256: col.text(),
  item_count: col.integer(),
  total_amount: col.bigint(),
  status: col.text<BankSubmissionStatus>(),
  status_reason: col.text().nullable(),
  created_at: col.timestamptz(),
  submitted_at: col.timestamptz().nullable(),
  resolved_at: col.timestamptz().nullable(),
});
export type BankSubmissionRow = RowOf<typeof bankSubmissionsTable>;

export type BankInstructionResource = 'mandates' | 'payments' | 'refunds' | 'payouts' | 'outbound_payments';

export const bankSubmissionItemsTable = defineTable('bank_submission_items', {
  id: col.text(),
  organisation_id: col.text(),
  submission_id: col.text(),
  resource_type: col.text<BankInstructionResource>(),
  resource_id: col.text(),
  instruction: col.text(),
  reference: col.text(),
  amount: col.bigint().nullable(),
  created_at: col.timestamptz(),
});
export type BankSubmissionItemRow = RowOf<typeof bankSubmissionItemsTable>;
