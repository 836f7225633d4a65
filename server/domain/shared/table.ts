import type { Queryable } from '../../db/db';
import { notFound } from './errors';

/**
 * A table as its owner (`domain/<resource>/queries.ts`) declares it: its name and its columns as
 * constants. Generic helpers (the state runner, `findOwned`, list queries) build SQL only from
 * these, so no caller can put a table or column name of its own into a statement. `assertColumns`
 * re-checks at run time what the types already promise, because an identifier cannot be a `$n`
 * parameter.
 */
export interface Table<Column extends string = string> {
  readonly name: string;
  readonly columns: readonly Column[];
  /** The resource name `resource_not_found` reports (the API's plural key). */
  readonly resource: string;
}

export type ColumnOf<T extends Table> = T['columns'][number];

/** Column values to set, keyed by the table's own column names. */
export type ColumnValues<T extends Table> = Partial<Record<ColumnOf<T>, unknown>>;

export function defineTable<const C extends string>(name: string, columns: readonly C[], resource = name): Table<C> {
  return Object.freeze({ name, columns: Object.freeze([...columns]), resource });
}

export function assertColumns(table: Table, keys: Iterable<string>): void {
  for (const key of keys) {
    if (!(table.columns as readonly string[]).includes(key)) throw new Error(`${table.name} has no column ${key}`);
  }
}

/**
 * Loads one row of an organisation's resource, or answers as the spec says: 404 when it is not
 * the organisation's (another merchant's ids are indistinguishable from unknown ones).
 * `lock` takes a row lock for a state change in the caller's transaction.
 */
export async function findOwned<Row>(
  db: Queryable,
  table: Table,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<Row> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM ${table.name} WHERE id = $1 AND organisation_id = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [id, organisationId],
  );
  if (!rows[0]) throw notFound(table.resource);
  return rows[0];
}

/** The same row without the organisation check: only for the bank and the scheme clock, which act for every organisation. */
export async function findById<Row>(
  db: Queryable,
  table: Table,
  id: string,
  options: { lock?: boolean } = {},
): Promise<Row | undefined> {
  const { rows } = await db.query<Row>(
    `SELECT * FROM ${table.name} WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0];
}
