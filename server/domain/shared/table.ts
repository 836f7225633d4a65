import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import { notFound } from './errors';

/**
 * Every table is declared once, by its owner (`domain/<resource>/queries.ts`), as a map of its
 * columns: name → SQL type and nullability, which also fix the JavaScript type the drivers give
 * (db.ts: bigint a number, date and numeric their text, timestamptz a Date). The Row type
 * (`RowOf<typeof refundsTable>`), the insert and select lists and the state runner's UPDATEs all
 * derive from it, and test/db/table-declarations.test.ts compares every declaration with the
 * migrated schema on both stores. Generic helpers build SQL only from these names, so no caller
 * can put a table or column name of its own into a statement; `assertColumns` re-checks at run time
 * what the types already promise, because an identifier cannot be a `$n` parameter.
 */
export type SqlType = 'text' | 'integer' | 'bigint' | 'boolean' | 'timestamptz' | 'date' | 'jsonb' | 'text[]' | 'bytea';

/** One column: its SQL type and nullability; `T` is the value a row carries (type only). */
export interface Column<T = unknown> {
  readonly sql: SqlType;
  readonly allowsNull: boolean;
  /** Never set: carries the column's JavaScript type for `RowOf`. */
  readonly value?: T;
}

/** A NOT NULL column; `.nullable()` is the same column allowing NULL. */
export interface RequiredColumn<T> extends Column<T> {
  readonly allowsNull: false;
  nullable(): Column<T | null> & { readonly allowsNull: true };
}

function required<T>(sql: SqlType): RequiredColumn<T> {
  return Object.freeze({
    sql,
    allowsNull: false as const,
    nullable() {
      return Object.freeze({ sql, allowsNull: true as const });
    },
  }) as unknown as RequiredColumn<T>;
}

/**
 * The column types, each giving what both drivers parse it to. A type argument narrows a column
 * the SQL cannot (`col.text<RefundStatus>()`, `col.jsonb<Metadata>()`).
 */
export const col = {
  text: <T extends string = string>() => required<T>('text'),
  integer: <T extends number = number>() => required<T>('integer'),
  /** Minor units and counts: a number, refused beyond 2^53 (db.ts `parseInt8`). */
  bigint: <T extends number = number>() => required<T>('bigint'),
  boolean: () => required<boolean>('boolean'),
  timestamptz: () => required<Date>('timestamptz'),
  /** Kept as its `YYYY-MM-DD` text by both drivers. */
  date: () => required<string>('date'),
  jsonb: <T = unknown>() => required<T>('jsonb'),
  textArray: <T extends string = string>() => required<T[]>('text[]'),
  bytea: () => required<Buffer>('bytea'),
};

export type ColumnMap = Readonly<Record<string, Column>>;

type ValueOf<C> = C extends Column<infer T> ? T : never;

/** A table's row as its declaration says the drivers return it. */
export type RowOf<T extends { readonly shape: ColumnMap }> = {
  -readonly [K in keyof T['shape']]: ValueOf<T['shape'][K]>;
};

export interface Table<Column extends string = string> {
  readonly name: string;
  /** The column names, in the declaration's order (which is the table's own). */
  readonly columns: readonly Column[];
  /** The resource name `resource_not_found` reports (the API's plural key). */
  readonly resource: string;
}

/** A declared table: its name, columns and the declaration they come from. */
export interface DeclaredTable<S extends ColumnMap> extends Table<keyof S & string> {
  readonly shape: S;
}

/** Any declared table (a constraint: `DeclaredTable<S>` is not covariant in `S`, through `keyof`). */
export type AnyTable = Table & { readonly shape: ColumnMap };

export type ColumnOf<T extends Table> = T['columns'][number];

/** Column values to set, keyed by the table's own column names. */
export type ColumnValues<T extends Table> = Partial<Record<ColumnOf<T>, unknown>>;

export function defineTable<const S extends ColumnMap>(name: string, shape: S, resource = name): DeclaredTable<S> {
  const columns = Object.freeze(Object.keys(shape)) as readonly (keyof S & string)[];
  return Object.freeze({ name, columns, resource, shape: Object.freeze(shape) });
}

export function assertColumns(table: Table, keys: Iterable<string>): void {
  for (const key of keys) {
    if (!(table.columns as readonly string[]).includes(key)) throw new Error(`${table.name} has no column ${key}`);
  }
}

/** `a, b, c`: a select or RETURNING list of the given columns, checked against the declaration. */
export function columnList<T extends AnyTable, K extends ColumnOf<T>>(table: T, columns: readonly K[]): string {
  assertColumns(table, columns);
  return columns.join(', ');
}

/** Every column except `omit` (a select list that leaves out a large or secret column). */
export function columnsExcept<T extends AnyTable, K extends ColumnOf<T>>(
  table: T,
  omit: readonly K[],
): Exclude<ColumnOf<T>, K>[] {
  return table.columns.filter((c) => !(omit as readonly string[]).includes(c)) as Exclude<ColumnOf<T>, K>[];
}

/** A prepared INSERT: its text, made once at module load, and the values of a row in its order. */
export interface Insert<Row, K extends keyof Row> {
  readonly text: string;
  values(row: Pick<Row, K>): unknown[];
}

/**
 * `INSERT INTO t (c1, …, cn) VALUES ($1, …, $n) <tail>` for `columns` in the order given. Build it
 * at module load (the statement's text is its prepared statement, decision 0060); `values` reads a
 * row's columns in that order, jsonb ones as JSON text.
 */
export function insertInto<T extends AnyTable, const K extends ColumnOf<T>>(
  table: T,
  columns: readonly K[],
  tail = 'RETURNING *',
): Insert<RowOf<T>, K> {
  assertColumns(table, columns);
  const names = Object.freeze([...columns]);
  // 0: as it is; 1: JSON text (a NOT NULL jsonb, `{}` when absent); 2: JSON text or NULL.
  const encoding = names.map((c) => {
    const column = table.shape[c]!;
    return column.sql !== 'jsonb' ? 0 : column.allowsNull ? 2 : 1;
  });
  const text =
    `INSERT INTO ${table.name} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})` +
    (tail ? ` ${tail}` : '');
  return Object.freeze({
    text,
    values(row: Pick<RowOf<T>, K>) {
      const values = new Array<unknown>(names.length);
      for (let i = 0; i < names.length; i++) {
        const value = (row as Record<string, unknown>)[names[i]!];
        values[i] = encoding[i] === 0 ? value : encoding[i] === 2 && value == null ? null : json(value);
      }
      return values;
    },
  });
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
