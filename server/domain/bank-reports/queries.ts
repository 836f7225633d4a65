import { col, defineTable, type RowOf } from '../shared/table';

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
