import { col, defineTable, type RowOf } from '../shared/table';

/** A submission's SFTP upload (migration 0093, decision 0082): its attempts and when it landed. */
export const bankSftpUploadsTable = defineTable('bank_sftp_uploads', {
  submission_id: col.text(),
  organisation_id: col.text(),
  attempts: col.integer(),
  next_attempt_at: col.timestamptz(),
  last_error: col.text().nullable(),
  uploaded_at: col.timestamptz().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

/** Each remote report file pulled, once: imported with its report, or refused with its reason. */
export const bankSftpPullsTable = defineTable('bank_sftp_pulls', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  scheme: col.text(),
  remote_name: col.text(),
  status: col.text<'imported' | 'refused'>(),
  report_id: col.text().nullable(),
  error: col.text().nullable(),
  created_at: col.timestamptz(),
});
export type BankSftpPullRow = RowOf<typeof bankSftpPullsTable>;
