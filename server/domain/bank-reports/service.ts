import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { BankFileError } from '../bank-files/errors';
import type { BankReportFormat, BankReportItem } from '../bank-port/port';
import { readBankReport } from '../bank-port/reports';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import type { PageRequest } from '../shared/pagination';
import {
  findReport,
  findReportBySha,
  insertReport,
  insertReportItem,
  listReportItems,
  listReports,
  setReportCounts,
  type BankReportItemRow,
  type BankReportSummary,
  type ReportItemFilters,
} from './queries';
import { createReportApplier, type Applied, type BankReportDeps } from './apply';

export const BANK_REPORT_FORMATS = [
  'bacs',
  'pain.002',
  'camt',
  'nacha',
  'becs',
  'cpa005',
] as const satisfies readonly BankReportFormat[];

export interface ReportUpload {
  format: BankReportFormat;
  fileName: string | null;
  bytes: Buffer;
}

/**
 * The bank's reports in (issue #36, decision 0089): a report is read whole by its format's reader
 * (a malformed one is refused with its line, nothing kept), stored with its bytes, and each item
 * is matched to the instruction a submission sent (`bank_submission_items.reference`) and applied
 * through that resource's machine with the event the public API has (`origin: bank`, the code's
 * `cause`, `reason_code`), all in the caller's one transaction. The same bytes again are the same
 * report and change nothing; an item that matches nothing is kept as `unmatched`.
 */
export function createBankReportService(ctx: DomainContext, deps: BankReportDeps) {
  const { applyItem, applySubmission } = createReportApplier(ctx, deps);

  return {
    /**
     * Imports one report in the caller's transaction. `replayed`: these bytes were imported before
     * (or are being, by a concurrent request), and that report is answered unchanged.
     */
    async importReport(
      tx: Queryable,
      actor: Actor,
      upload: ReportUpload,
    ): Promise<{ report: BankReportSummary; replayed: boolean }> {
      const organisationId = actor.organisationId;
      const sha256 = createHash('sha256').update(upload.bytes).digest('hex');
      const earlier = await findReportBySha(tx, organisationId, sha256);
      if (earlier) return { report: earlier, replayed: true };

      const parsed = readReport(upload);
      const now = ctx.clock.now();
      const inserted = await insertReport(tx, {
        id: ctx.ids('bankReport'),
        organisation_id: organisationId,
        creditor_id: null,
        format: upload.format,
        file_name: upload.fileName,
        file: upload.bytes,
        file_sha256: sha256,
        item_count: 0,
        applied_count: 0,
        unmatched_count: 0,
        created_at: now,
      });
      if (!inserted) return { report: (await findReportBySha(tx, organisationId, sha256))!, replayed: true };

      const results: { item: BankReportItem; applied: Applied; kind: string }[] = [];
      if (parsed.submission) {
        const applied = await applySubmission(tx, organisationId, parsed.submission);
        const item: BankReportItem = {
          line: 1,
          kind: parsed.submission.accepted ? 'accepted' : 'rejected',
          reference: parsed.submission.reference ?? '',
          ...(parsed.submission.reasonCode ? { reasonCode: parsed.submission.reasonCode } : {}),
        };
        results.push({ item, applied, kind: parsed.submission.accepted ? 'file_accepted' : 'file_rejected' });
      }
      for (const item of parsed.items) {
        results.push({ item, applied: await applyItem(tx, organisationId, item), kind: item.kind });
      }

      let appliedCount = 0;
      let unmatchedCount = 0;
      for (const { item, applied, kind } of results) {
        if (applied.outcome === 'applied') appliedCount++;
        if (applied.outcome === 'unmatched') unmatchedCount++;
        await insertReportItem(tx, {
          id: ctx.ids('bankReportItem'),
          organisation_id: organisationId,
          report_id: inserted.id,
          line: item.line,
          kind,
          reference: item.reference,
          reason_code: item.reasonCode ?? null,
          cause: item.cause ?? null,
          amount: item.amount ?? null,
          outcome: applied.outcome,
          submission_item_id: applied.submissionItem?.id ?? null,
          resource_type: applied.resourceType ?? null,
          resource_id: applied.resourceId ?? null,
          event_id: applied.eventId ?? null,
          created_at: now,
        });
      }
      const counts = { item_count: results.length, applied_count: appliedCount, unmatched_count: unmatchedCount };
      await setReportCounts(tx, inserted.id, counts);
      const { file: _file, ...summary } = inserted;
      return { report: { ...summary, ...counts }, replayed: false };
    },

    get: (db: Queryable, actor: Actor, id: string) => findReport(db, actor.organisationId, id),

    /** The report's bytes as the bank sent them (or the sandbox bank wrote them), its name and type. */
    async file(db: Queryable, actor: Actor, id: string) {
      const report = await findReport(db, actor.organisationId, id);
      const { rows } = await db.query<{ file: Buffer }>('SELECT file FROM bank_reports WHERE id = $1', [report.id]);
      const bytes = Buffer.from(rows[0]!.file);
      const text = decodeReport(bytes);
      const xml = /^\uFEFF?\s*</.test(text);
      const extension = xml ? 'xml' : report.format === 'nacha' ? 'ach' : 'txt';
      return {
        text,
        contentType: xml ? 'application/xml' : 'text/plain; charset=utf-8',
        fileName: report.file_name ?? `${report.id}.${extension}`,
      };
    },
    list: (db: Queryable, actor: Actor, page: PageRequest) => listReports(db, actor.organisationId, page),

    /** A report's items; another organisation's report is not found. */
    async items(
      db: Queryable,
      actor: Actor,
      filters: ReportItemFilters,
      page: PageRequest,
    ): Promise<{
      items: BankReportItemRow[];
      cursors: { before: string | null; after: string | null };
      limit: number;
    }> {
      await findReport(db, actor.organisationId, filters.report);
      return listReportItems(db, filters, page);
    },
  };
}

/** The file as text (UTF-8, or Latin-1 as older bank systems write), read by its format's reader. */
function decodeReport(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

function readReport(upload: ReportUpload) {
  const text = decodeReport(upload.bytes);
  try {
    return readBankReport(upload.format, text);
  } catch (error) {
    if (!(error instanceof BankFileError)) throw error;
    throw new DomainError('bank_report_malformed', {
      params: { line: error.line ?? 0 },
      metadata: { line: error.line ?? null, code: error.code },
    });
  }
}
