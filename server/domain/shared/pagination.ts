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
  const { where, orderPrefix } = organisationAsRange(query.where);
  if (page.after) where.push(`${idColumn} < ${params.add(page.after)}`);
  if (page.before) where.push(`${idColumn} > ${params.add(page.before)}`);
  // Walking backwards from `before` reads ascending and flips the page afterwards.
  const ascending = Boolean(page.before) && !page.after;
  const sql =
    `SELECT ${query.select ?? '*'} FROM ${query.from}` +
    (where.length ? ` WHERE ${where.join(' AND ')}` : '') +
    ` ORDER BY ${orderPrefix.map((c) => `${c} ${ascending ? 'ASC' : 'DESC'}, `).join('')}${idColumn} ${ascending ? 'ASC' : 'DESC'}` +
    ` LIMIT ${params.add(page.limit + 1)}`;
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

const ORGANISATION_EQUALS = /^((?:\w+\.)?organisation_id) = (\$\d+)$/;

/**
 * Decision 0047. `organisation_id = $n` becomes `organisation_id >= $n AND organisation_id <= $n`
 * (the same rows) and the order leads with the column. Written as an equality, Postgres treats the
 * column as a constant and drops it from the order, and may then walk the primary key backwards
 * filtering by organisation — which, when two large organisations share a table and the other's
 * rows are newer, reads all of those first (0.8 s a page at 1,000,000 rows each). As a range, the
 * only ordered paths are the organisation's own `(organisation_id, …, id)` indexes; a filter's
 * index with a small sort stays open to the planner when the filter is selective.
 */
function organisationAsRange(conditions: string[]): { where: string[]; orderPrefix: string[] } {
  const orderPrefix: string[] = [];
  const where = conditions.map((condition) => {
    const match = ORGANISATION_EQUALS.exec(condition);
    if (!match || orderPrefix.length) return condition;
    orderPrefix.push(match[1]!);
    return `${match[1]} >= ${match[2]} AND ${match[1]} <= ${match[2]}`;
  });
  return { where, orderPrefix };
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
