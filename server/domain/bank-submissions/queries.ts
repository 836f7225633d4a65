import type { Queryable } from '../../db/db';
import type { BankSftpSettings } from '../bank-transport/settings';
import { col, columnList, columnsExcept, defineTable, type RowOf } from '../shared/table';

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
  /** BECS (decision 0091): the user's own account's BSB (with `account_number`) and its bank's APCA abbreviation. */
  bsb?: string;
  bank_abbreviation?: string;
}

/** Issue #36, decision 0081: how a creditor's instructions for a scheme reach its bank. */
export const bankConnectionsTable = defineTable('bank_connections', {
  organisation_id: col.text(),
  creditor_id: col.text(),
  scheme: col.text(),
  kind: col.text<'simulated' | 'file'>(),
  cutoff_time: col.text(),
  originator: col.jsonb<BankOriginator>().nullable(),
  sftp: col.jsonb<BankSftpSettings>().nullable(),
  sftp_private_key_sealed: col.text().nullable(),
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

/** Instructions a report's reference may name, newest first (a Bacs reference is the mandate's, shared by its debits). */
export async function findSubmissionItemsByReference(
  db: Queryable,
  organisationId: string,
  reference: string,
): Promise<BankSubmissionItemRow[]> {
  const { rows } = await db.query<BankSubmissionItemRow>(
    'SELECT * FROM bank_submission_items WHERE organisation_id = $1 AND reference = $2 ORDER BY id DESC LIMIT 100',
    [organisationId, reference],
  );
  return rows;
}

/** The submission a whole-file report speaks of, by the file's own reference, locked. */
export async function findSubmissionByFileReference(
  db: Queryable,
  organisationId: string,
  fileReference: string,
): Promise<Omit<BankSubmissionRow, 'file'> | undefined> {
  const { rows } = await db.query<Omit<BankSubmissionRow, 'file'>>(
    `SELECT ${columnList(bankSubmissionsTable, columnsExcept(bankSubmissionsTable, ['file']))} FROM bank_submissions
     WHERE organisation_id = $1 AND file_reference = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [organisationId, fileReference],
  );
  return rows[0];
}

export async function setSubmissionOutcome(
  tx: Queryable,
  id: string,
  status: 'accepted' | 'rejected',
  reason: string | null,
  at: Date,
): Promise<void> {
  await tx.query('UPDATE bank_submissions SET status = $2, status_reason = $3, resolved_at = $4 WHERE id = $1', [
    id,
    status,
    reason,
    at,
  ]);
}

export async function listSubmissionItems(db: Queryable, submissionId: string): Promise<BankSubmissionItemRow[]> {
  const { rows } = await db.query<BankSubmissionItemRow>(
    'SELECT * FROM bank_submission_items WHERE submission_id = $1 ORDER BY id',
    [submissionId],
  );
  return rows;
}
