import { z } from 'zod';
import type { BankConnection } from '../../domain/bank-submissions/connections';
import type { BankSubmissionSummary } from '../../domain/bank-submissions/service';
import { timestamp } from './present';

/** A creditor's bank for one scheme (decision 0081), a bankflow extension. */
export const bankConnectionWire = z.strictObject({
  scheme: z.string(),
  kind: z.enum(['simulated', 'file']),
  cutoff_time: z.string(),
  originator: z
    .strictObject({
      sort_code: z.string().optional(),
      account_number: z.string().optional(),
      iban: z.string().optional(),
      bic: z.string().optional(),
      routing_number: z.string().optional(),
      bsb: z.string().optional(),
      bank_abbreviation: z.string().optional(),
    })
    .nullable(),
  /** Host-to-host delivery (decision 0082); the private key is never returned, only its public half. */
  sftp: z
    .strictObject({
      host: z.string(),
      port: z.number(),
      username: z.string(),
      host_key_sha256: z.string(),
      submissions_dir: z.string(),
      reports_dir: z.string().nullable(),
      report_format: z.string().nullable(),
      has_private_key: z.boolean(),
      client_key_sha256: z.string(),
      client_public_key: z.string(),
    })
    .nullable(),
  /** False: nothing was set, this is the mode's default. */
  configured: z.boolean(),
});

export const serializeBankConnection = (c: BankConnection): z.output<typeof bankConnectionWire> => ({
  scheme: c.scheme,
  kind: c.kind,
  cutoff_time: c.cutoffTime,
  originator: c.originator,
  sftp: c.sftp && { ...c.sftp, has_private_key: true },
  configured: c.configured,
});

/** One file of the file bank, without its bytes (`/bank_submissions/{id}/file` has them). */
export const bankSubmissionWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  scheme: z.string(),
  format: z.string(),
  submission_date: z.string(),
  file_reference: z.string(),
  file_name: z.string(),
  file_sha256: z.string(),
  item_count: z.number().int(),
  total_amount: z.number().int(),
  status: z.enum(['pending', 'submitted', 'accepted', 'rejected']),
  status_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  sftp_upload: z
    .strictObject({
      status: z.enum(['retrying', 'uploaded', 'stopped']),
      attempts: z.number().int(),
      last_error: z.string().nullable(),
      next_attempt_at: z.string().nullable(),
      uploaded_at: z.string().nullable(),
    })
    .nullable()
    .describe(
      'Delivery over SFTP (decision 0082): null when no upload was tried; `retrying` with the last error and the next attempt, `uploaded`, or `stopped` (marked submitted by hand before an upload landed)',
    ),
  links: z.strictObject({ creditor: z.string() }),
});

export const serializeBankSubmission = (row: BankSubmissionSummary): z.output<typeof bankSubmissionWire> => ({
  id: row.id,
  created_at: timestamp(row.created_at),
  scheme: row.scheme,
  format: row.format,
  submission_date: String(row.submission_date),
  file_reference: row.file_reference,
  file_name: row.file_name,
  file_sha256: row.file_sha256,
  item_count: row.item_count,
  total_amount: Number(row.total_amount),
  status: row.status,
  status_reason: row.status_reason,
  submitted_at: row.submitted_at ? timestamp(row.submitted_at) : null,
  resolved_at: row.resolved_at ? timestamp(row.resolved_at) : null,
  sftp_upload: row.sftp_upload
    ? {
        status: row.sftp_upload.uploaded_at ? 'uploaded' : row.status === 'pending' ? 'retrying' : 'stopped',
        attempts: row.sftp_upload.attempts,
        last_error: row.sftp_upload.last_error,
        next_attempt_at:
          row.sftp_upload.uploaded_at || row.status !== 'pending' ? null : timestamp(row.sftp_upload.next_attempt_at),
        uploaded_at: row.sftp_upload.uploaded_at ? timestamp(row.sftp_upload.uploaded_at) : null,
      }
    : null,
  links: { creditor: row.creditor_id },
});
