import type { Queryable } from '../../db/db';
import type { createBankReportService } from '../bank-reports/service';
import type { BankReportSummary } from '../bank-reports/queries';
import { isFileBankScheme, type FileBankScheme } from '../bank-submissions/connections';
import { calendarFor } from '../schemes/calendars';
import { todayIn } from '../schemes/charge-dates';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { achReports, bacsReports, sepaReports, type AnsweredInstruction, type SubmissionFacts } from './reports';
import { sandboxOutcome } from './scenarios';

export interface SandboxBankDeps {
  bankReports: () => Pick<ReturnType<typeof createBankReportService>, 'importReport'>;
}

// BECS (decision 0091) has no sandbox answer yet: its submissions wait for an uploaded report.
const WRITERS: Partial<Record<FileBankScheme, typeof bacsReports>> = {
  bacs: bacsReports,
  sepa_core: sepaReports,
  ach: achReports,
};

const isoDate = (value: unknown) => (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

/**
 * The sandbox's file bank answers (issue #36, decision 0092): when a submission is marked
 * submitted — by the merchant's `mark_submitted` or by its SFTP upload — the sandbox writes the
 * reports the scheme's bank would send for it (all collected, or the returns a payer's magic name
 * asks for) and imports each through the importer `POST /bank_reports` runs, in the mark's
 * transaction. Each report is then an ordinary bank report: listed, downloadable, its items
 * linking the changes. Live has no sandbox bank: its reports come from the bank.
 */
export function createSandboxBank(ctx: DomainContext, deps: SandboxBankDeps) {
  return {
    async answer(tx: Queryable, organisationId: string, submissionId: string): Promise<BankReportSummary[]> {
      if (ctx.environment !== 'sandbox') return [];
      const { rows: found } = await tx.query<{
        id: string;
        scheme: string;
        file_reference: string;
        submission_date: unknown;
        file: Buffer;
      }>(
        `SELECT id, scheme, file_reference, submission_date, file FROM bank_submissions
          WHERE id = $1 AND organisation_id = $2`,
        [submissionId, organisationId],
      );
      const submission = found[0];
      if (!submission || !isFileBankScheme(submission.scheme)) return [];
      const scheme = submission.scheme;
      const write = WRITERS[scheme];
      if (!write) return [];
      const { rows } = await tx.query<{
        resource_type: string;
        instruction: string;
        reference: string;
        amount: string | number | null;
        given_name: string | null;
      }>(
        `SELECT i.resource_type, i.instruction, i.reference, i.amount, c.given_name
           FROM bank_submission_items i
           LEFT JOIN payments p ON i.resource_type = 'payments' AND p.id = i.resource_id
           LEFT JOIN mandates m ON m.id = CASE WHEN i.resource_type = 'mandates' THEN i.resource_id ELSE p.mandate_id END
           LEFT JOIN customers c ON c.id = m.customer_id
          WHERE i.submission_id = $1 ORDER BY i.id`,
        [submission.id],
      );
      const items: AnsweredInstruction[] = rows.map((r) => ({
        resourceType: r.resource_type,
        instruction: r.instruction,
        reference: r.reference,
        amount: r.amount === null ? null : Number(r.amount),
        outcome: sandboxOutcome(r.given_name),
      }));
      const facts: SubmissionFacts = {
        id: submission.id,
        fileReference: submission.file_reference,
        submissionDate: isoDate(submission.submission_date),
        file: Buffer.from(submission.file),
        today: todayIn(calendarFor(scheme).timeZone, ctx.clock.now()),
      };
      const bank: Actor = { organisationId, origin: 'bank', source: { type: 'gc_team' } };
      const imported: BankReportSummary[] = [];
      for (const report of write(facts, items)) {
        const { report: row } = await deps.bankReports().importReport(tx, bank, {
          format: report.format,
          fileName: report.fileName,
          bytes: Buffer.from(report.text),
        });
        imported.push(row);
      }
      ctx.logger.info('sandbox bank answered a submission', { submission: submission.id, reports: imported.length });
      return imported;
    },
  };
}

export type SandboxBank = ReturnType<typeof createSandboxBank>;
