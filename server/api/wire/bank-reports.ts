import { z } from 'zod';
import type { BankReportItemRow, BankReportSummary } from '../../domain/bank-reports/queries';
import { BANK_REPORT_FORMATS } from '../../domain/bank-reports/service';
import type { BankSftpPullRow } from '../../domain/bank-transport/queries';
import { present, timestamp } from './present';

/** A bank's report as bankflow read it (an extension: the public API has no bank files). */
export const bankReportWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  format: z.enum(BANK_REPORT_FORMATS),
  file_name: z.string().nullable(),
  file_sha256: z.string(),
  item_count: z.number().int(),
  applied_count: z.number().int(),
  unmatched_count: z.number().int(),
});

export function serializeBankReport(row: BankReportSummary): z.output<typeof bankReportWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    format: row.format as z.output<typeof bankReportWire>['format'],
    file_name: row.file_name,
    file_sha256: row.file_sha256,
    item_count: row.item_count,
    applied_count: row.applied_count,
    unmatched_count: row.unmatched_count,
  };
}

export const BANK_REPORT_ITEM_OUTCOMES = ['applied', 'unmatched', 'already_applied', 'not_applicable'] as const;

/** One item of a report: what the bank said, and what it did here (`outcome`). */
export const bankReportItemWire = z.strictObject({
  id: z.string(),
  line: z.number().int(),
  kind: z.string(),
  reference: z.string(),
  reason_code: z.string().nullable(),
  cause: z.string().nullable(),
  amount: z.number().int().nullable(),
  outcome: z.enum(BANK_REPORT_ITEM_OUTCOMES),
  links: z.strictObject({
    bank_report: z.string(),
    bank_submission_item: z.string().optional(),
    payment: z.string().optional(),
    mandate: z.string().optional(),
    refund: z.string().optional(),
    payout: z.string().optional(),
    outbound_payment: z.string().optional(),
    bank_submission: z.string().optional(),
    event: z.string().optional(),
  }),
});

export function serializeBankReportItem(row: BankReportItemRow): z.output<typeof bankReportItemWire> {
  const about = (type: string) => (row.resource_type === type ? row.resource_id : null);
  return {
    id: row.id,
    line: row.line,
    kind: row.kind,
    reference: row.reference,
    reason_code: row.reason_code,
    cause: row.cause,
    amount: row.amount,
    outcome: row.outcome,
    links: present({
      bank_report: row.report_id,
      bank_submission_item: row.submission_item_id,
      payment: about('payments'),
      mandate: about('mandates'),
      refund: about('refunds'),
      payout: about('payouts'),
      outbound_payment: about('outbound_payments'),
      bank_submission: about('bank_submissions'),
      event: row.event_id,
    }),
  };
}

/** A report file pulled from the bank's SFTP server (decision 0092): imported, or refused with its reason. */
export const bankSftpPullWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  scheme: z.string(),
  remote_name: z.string(),
  status: z.enum(['imported', 'refused']),
  error: z
    .string()
    .nullable()
    .describe('Why it was refused (`bank_report_malformed at line 3`, `bank_report_format_unknown`)'),
  links: z.strictObject({ creditor: z.string(), bank_report: z.string().optional() }),
});

export const serializeBankSftpPull = (row: BankSftpPullRow): z.output<typeof bankSftpPullWire> => ({
  id: row.id,
  created_at: timestamp(row.created_at),
  scheme: row.scheme,
  remote_name: row.remote_name,
  status: row.status,
  error: row.error,
  links: { creditor: row.creditor_id, ...(row.report_id ? { bank_report: row.report_id } : {}) },
});
