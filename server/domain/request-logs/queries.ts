import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { col, defineTable, findOwned, type RowOf } from '../shared/table';

/** The only file that names the `request_logs` table in SQL (decision 0086). */
export const requestLogsTable = defineTable('request_logs', {
  id: col.text(),
  organisation_id: col.text(),
  created_at: col.timestamptz(),
  method: col.text(),
  path: col.text(),
  status: col.integer(),
  duration_ms: col.integer(),
  request_id: col.text(),
  idempotency_key: col.text().nullable(),
  token_name: col.text(),
  /** The access token the request was made with (decision 0094); null on rows logged before 0097. */
  access_token_id: col.text().nullable(),
  /** Masked JSON text (masking.ts), or null: none sent, or beyond what the log keeps. */
  request_body: col.text().nullable(),
  response_body: col.text().nullable(),
  body_truncated: col.boolean(),
  resource_ids: col.textArray(),
});

export type RequestLogRow = RowOf<typeof requestLogsTable>;

/**
 * A whole batch in one INSERT of one fixed text (one prepared statement whatever the batch's
 * size): each column an array, `unnest` turning them into rows. Resource ids go as a JSON array
 * per row, since a text[][] would unnest into single ids.
 */
const INSERT_BATCH = `INSERT INTO request_logs (id, organisation_id, created_at, method, path, status, duration_ms,
     request_id, idempotency_key, token_name, request_body, response_body, body_truncated, resource_ids, access_token_id)
   SELECT r.id, r.organisation_id, r.created_at, r.method, r.path, r.status, r.duration_ms, r.request_id,
     r.idempotency_key, r.token_name, r.request_body, r.response_body, r.body_truncated,
     ARRAY(SELECT jsonb_array_elements_text(r.resource_ids::jsonb)), r.access_token_id
   FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::text[], $5::text[], $6::int[], $7::int[], $8::text[],
     $9::text[], $10::text[], $11::text[], $12::text[], $13::boolean[], $14::text[], $15::text[])
     AS r(id, organisation_id, created_at, method, path, status, duration_ms, request_id, idempotency_key,
       token_name, request_body, response_body, body_truncated, resource_ids, access_token_id)`;

export async function insertRequestLogs(db: Queryable, rows: readonly RequestLogRow[]): Promise<void> {
  if (!rows.length) return;
  const columns: unknown[][] = Array.from({ length: 15 }, () => new Array<unknown>(rows.length));
  rows.forEach((row, i) => {
    columns[0]![i] = row.id;
    columns[1]![i] = row.organisation_id;
    columns[2]![i] = row.created_at.toISOString();
    columns[3]![i] = row.method;
    columns[4]![i] = row.path;
    columns[5]![i] = row.status;
    columns[6]![i] = row.duration_ms;
    columns[7]![i] = row.request_id;
    columns[8]![i] = row.idempotency_key;
    columns[9]![i] = row.token_name;
    columns[10]![i] = row.request_body;
    columns[11]![i] = row.response_body;
    columns[12]![i] = row.body_truncated;
    columns[13]![i] = JSON.stringify(row.resource_ids);
    columns[14]![i] = row.access_token_id;
  });
  await db.query(INSERT_BATCH, columns);
}

export interface RequestLogFilters {
  status?: number;
  method?: string;
  path?: string;
  resource?: string;
  requestId?: string;
  createdAt?: TimeRange;
}

export async function listRequestLogs(
  db: Queryable,
  organisationId: string,
  filters: RequestLogFilters,
  page: PageRequest,
): Promise<Page<RequestLogRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.status !== undefined) where.push(`status = ${params.add(filters.status)}`);
  if (filters.method) where.push(`method = ${params.add(filters.method)}`);
  if (filters.path) where.push(`path = ${params.add(filters.path)}`);
  if (filters.resource) where.push(`resource_ids @> ARRAY[${params.add(filters.resource)}]::text[]`);
  if (filters.requestId) where.push(`request_id = ${params.add(filters.requestId)}`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<RequestLogRow>(db, { from: requestLogsTable.name, where, params }, page);
}

export const findRequestLog = (db: Queryable, organisationId: string, id: string) =>
  findOwned<RequestLogRow>(db, requestLogsTable, organisationId, id);

/** The retention job: rows older than `before`, a bounded batch at a time so no statement runs long. */
export async function purgeRequestLogs(db: Queryable, before: Date, batch = 5000): Promise<number> {
  let purged = 0;
  for (;;) {
    const { rowCount } = await db.query(
      'DELETE FROM request_logs WHERE id IN (SELECT id FROM request_logs WHERE created_at < $1 LIMIT $2)',
      [before, batch],
    );
    purged += rowCount;
    if (rowCount < batch) return purged;
  }
}
