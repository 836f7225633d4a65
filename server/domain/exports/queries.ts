import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { ExportRow } from './types';
import type { BuiltExportType } from './types';
import type { ExportStatus } from './types';

/** An export's CSV in parts, written as the job reads its pages. */
export const exportPartsTable = defineTable('export_parts', {
  export_id: col.text(),
  seq: col.integer(),
  body: col.text(),
});

/** The only file that names the `exports` and `export_parts` tables in SQL. */
export const exportsTable = defineTable('exports', {
  id: col.text(),
  organisation_id: col.text(),
  export_type: col.text<BuiltExportType>(),
  currency: col.text(),
  created_from: col.timestamptz(),
  created_to: col.timestamptz(),
  status: col.text<ExportStatus>(),
  build_cursor: col.text().nullable(),
  parts: col.integer(),
  error_message: col.text().nullable(),
  completed_at: col.timestamptz().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export const findExport = (db: Queryable, organisationId: string, id: string) =>
  findOwned<ExportRow>(db, exportsTable, organisationId, id);

export const findExportById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<ExportRow>(db, exportsTable, id, options);

export type NewExport = Pick<
  ExportRow,
  'id' | 'organisation_id' | 'export_type' | 'currency' | 'created_from' | 'created_to' | 'created_at'
>;

export async function insertExport(tx: Queryable, row: NewExport): Promise<ExportRow> {
  const { rows } = await tx.query<ExportRow>(
    `INSERT INTO exports (id, organisation_id, export_type, currency, created_from, created_to, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7) RETURNING *`,
    [row.id, row.organisation_id, row.export_type, row.currency, row.created_from, row.created_to, row.created_at],
  );
  return rows[0]!;
}

export function listExports(db: Queryable, organisationId: string, page: PageRequest): Promise<Page<ExportRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  return pageQuery<ExportRow>(db, { from: exportsTable.name, where, params }, page);
}

/**
 * The oldest unfinished export, locked for the caller's transaction. SKIP LOCKED: a second worker
 * (or process) takes the next export instead of waiting, and never builds one page twice.
 */
export async function claimUnfinishedExport(tx: Queryable): Promise<ExportRow | undefined> {
  const { rows } = await tx.query<ExportRow>(
    `SELECT * FROM exports WHERE status IN ('pending', 'processing') ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
  );
  return rows[0];
}

/** Appends one page of CSV and moves the build cursor past it, in the caller's transaction. */
export async function appendExportPart(
  tx: Queryable,
  row: ExportRow,
  body: string,
  cursor: string | null,
  now: Date,
): Promise<ExportRow> {
  // A page whose rows were all of another currency moves the cursor and writes no part.
  if (body)
    await tx.query('INSERT INTO export_parts (export_id, seq, body) VALUES ($1, $2, $3)', [row.id, row.parts, body]);
  const { rows } = await tx.query<ExportRow>(
    `UPDATE exports SET parts = parts + ${body ? 1 : 0}, build_cursor = COALESCE($2, build_cursor), updated_at = $3
     WHERE id = $1 RETURNING *`,
    [row.id, cursor, now],
  );
  return rows[0]!;
}

/** Drops what a failed build wrote: a failed export offers no file. */
export async function deleteExportParts(tx: Queryable, exportId: string): Promise<void> {
  await tx.query('DELETE FROM export_parts WHERE export_id = $1', [exportId]);
}

/** Up to `limit` parts after `afterSeq`, in order: the download reads the file a few pages at a time. */
export async function readExportParts(
  db: Queryable,
  exportId: string,
  afterSeq: number,
  limit: number,
): Promise<{ seq: number; body: string }[]> {
  const { rows } = await db.query<{ seq: number; body: string }>(
    'SELECT seq, body FROM export_parts WHERE export_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
    [exportId, afterSeq, limit],
  );
  return rows;
}
