import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';

/**
 * Cursor pagination, reverse chronological. Ids are time-ordered, so the cursor is an id and every
 * page is one range scan on an `(organisation_id, id)` index: no OFFSET, the same cost on page 1
 * and page 10,000.
 *
 *  - no cursor:   newest `limit` rows;             `after` set when older rows remain
 *  - `after=X`:   rows older than X (id < X);      `before` = first id of the page
 *  - `before=X`:  rows newer than X (id > X), the `limit` rows just above X, still newest first
 */
export interface PageRequest {
  before?: string;
  after?: string;
  limit: number;
}

export interface Page<T> {
  items: T[];
  cursors: { before: string | null; after: string | null };
  limit: number;
}

export interface PageQuery {
  /** FROM clause (a table name, or a join). */
  from: string;
  /** Column list to select. */
  select?: string;
  /** Column holding the id cursor, e.g. `id` or `e.id`. */
  idColumn?: string;
  /** AND-ed conditions, already written with placeholders from `params`. */
  where: string[];
  params: Params;
}

export async function pageQuery<T extends { id: string }>(
  db: Queryable,
  query: PageQuery,
  page: PageRequest,
): Promise<Page<T>> {
  const { params } = query;
  const idColumn = query.idColumn ?? 'id';
  const where = [...query.where];
  if (page.after) where.push(`${idColumn} < ${params.add(page.after)}`);
  if (page.before) where.push(`${idColumn} > ${params.add(page.before)}`);
  // Walking backwards from `before` reads ascending and flips the page afterwards.
  const ascending = Boolean(page.before) && !page.after;
  const sql =
    `SELECT ${query.select ?? '*'} FROM ${query.from}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    ` ORDER BY ${idColumn} ${ascending ? 'ASC' : 'DESC'} LIMIT ${params.add(page.limit + 1)}`;
  const { rows } = await db.query<T>(sql, params.values);
  const hasMore = rows.length > page.limit;
  const items = rows.slice(0, page.limit);
  if (ascending) items.reverse();

  const first = items[0]?.id ?? null;
  const last = items[items.length - 1]?.id ?? null;
  // A cursor is given only where more rows lie in that direction.
  const newerExist = ascending ? hasMore : Boolean(page.after || page.before);
  const olderExist = ascending ? true : hasMore;
  const before = newerExist ? first : null;
  const after = olderExist ? last : null;
  return { items, cursors: { before, after }, limit: page.limit };
}

/** A `created_at[gt|gte|lt|lte]` filter, as every list of the public API accepts. */
export interface TimeRange {
  gt?: Date;
  gte?: Date;
  lt?: Date;
  lte?: Date;
}

const RANGE_OPERATORS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Adds one condition per bound of `range` on `column`. */
export function whereInRange(where: string[], params: Params, column: string, range: TimeRange | undefined): void {
  for (const op of Object.keys(RANGE_OPERATORS) as (keyof TimeRange)[]) {
    const value = range?.[op];
    if (value) where.push(`${column} ${RANGE_OPERATORS[op]} ${params.add(value)}`);
  }
}
