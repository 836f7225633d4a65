import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { notFound } from '../shared/errors';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, columnList, columnsExcept, defineTable, insertInto, type RowOf } from '../shared/table';

/** Issue #36, decision 0081: a report a bank sent, stored whole, and what each item did. */
export const bankReportsTable = defineTable('bank_reports', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text().nullable(),
  format: col.text(),
  file_name: col.text().nullable(),
  file: col.bytea(),
  file_sha256: col.text(),
  item_count: col.integer(),
  applied_count: col.integer(),
  unmatched_count: col.integer(),
  created_at: col.timestamptz(),
});
export type BankReportRow = RowOf<typeof bankReportsTable>;

export type BankReportItemOutcome = 'applied' | 'unmatched' | 'already_applied' | 'not_applicable';

export const bankReportItemsTable = defineTable('bank_report_items', {
  id: col.text(),
  organisation_id: col.text(),
  report_id: col.text(),
  line: col.integer(),
  kind: col.text(),
  reference: col.text(),
  reason_code: col.text().nullable(),
  cause: col.text().nullable(),
  amount: col.bigint().nullable(),
  outcome: col.text<BankReportItemOutcome>(),
  submission_item_id: col.text().nullable(),
  resource_type: col.text().nullable(),
  resource_id: col.text().nullable(),
  event_id: col.text().nullable(),
  created_at: col.timestamptz(),
});
export type BankReportItemRow = RowOf<typeof bankReportItemsTable>;

const INSERT_REPORT = insertInto(
  bankReportsTable,
  bankReportsTable.columns,
  'ON CONFLICT (organisation_id, file_sha256) DO NOTHING RETURNING *',
);

/** The report, or nothing when the same bytes were imported already (also by a concurrent import). */
export async function insertReport(tx: Queryable, row: BankReportRow): Promise<BankReportRow | undefined> {
  const { rows } = await tx.query<BankReportRow>(INSERT_REPORT.text, INSERT_REPORT.values(row));
  return rows[0];
}

const REPORT_COLUMNS = columnList(bankReportsTable, columnsExcept(bankReportsTable, ['file']));

/** A report's row without its file (lists and answers never carry the bytes). */
export type BankReportSummary = Omit<BankReportRow, 'file'>;

export async function findReportBySha(db: Queryable, organisationId: string, sha256: string) {
  const { rows } = await db.query<BankReportSummary>(
    `SELECT ${REPORT_COLUMNS} FROM bank_reports WHERE organisation_id = $1 AND file_sha256 = $2`,
    [organisationId, sha256],
  );
  return rows[0];
}

export async function findReport(db: Queryable, organisationId: string, id: string): Promise<BankReportSummary> {
  const { rows } = await db.query<BankReportSummary>(
    `SELECT ${REPORT_COLUMNS} FROM bank_reports WHERE id = $1 AND organisation_id = $2`,
    [id, organisationId],
  );
  if (!rows[0]) throw notFound('bank_reports');
  return rows[0];
}

export function listReports(
  db: Queryable,
  organisationId: string,
  page: PageRequest,
): Promise<Page<BankReportSummary>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  return pageQuery<BankReportSummary>(db, { from: 'bank_reports', select: REPORT_COLUMNS, where, params }, page);
}

export async function setReportCounts(
  tx: Queryable,
  id: string,
  counts: Pick<BankReportRow, 'item_count' | 'applied_count' | 'unmatched_count'>,
): Promise<void> {
  await tx.query('UPDATE bank_reports SET item_count = $2, applied_count = $3, unmatched_count = $4 WHERE id = $1', [
    id,
    counts.item_count,
    counts.applied_count,
    counts.unmatched_count,
  ]);
}

const INSERT_ITEM = insertInto(bankReportItemsTable, bankReportItemsTable.columns, '');

export async function insertReportItem(tx: Queryable, row: BankReportItemRow): Promise<void> {
  await tx.query(INSERT_ITEM.text, INSERT_ITEM.values(row));
}

/** Whether an earlier report already applied the same news about the same instruction. */
export async function wasApplied(db: Queryable, submissionItemId: string, kind: string): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM bank_report_items WHERE submission_item_id = $1 AND kind = $2 AND outcome = 'applied' LIMIT 1`,
    [submissionItemId, kind],
  );
  return rows.length > 0;
}

export interface ReportItemFilters {
  report: string;
  outcome?: BankReportItemOutcome;
}

/**
 * A report's items, newest id first as every list (ids are made in the report's order of lines).
 * The caller has found the report as the organisation's: the range is then one scan of
 * `(report_id, id)`.
 */
export function listReportItems(
  db: Queryable,
  filters: ReportItemFilters,
  page: PageRequest,
): Promise<Page<BankReportItemRow>> {
  const params = new Params();
  const where = [`report_id = ${params.add(filters.report)}`];
  if (filters.outcome) where.push(`outcome = ${params.add(filters.outcome)}`);
  return pageQuery<BankReportItemRow>(db, { from: 'bank_report_items', where, params }, page);
}
