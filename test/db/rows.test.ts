import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/db';
import { createTestDatabase } from '../support/database';

/**
 * Postgres rows are node-postgres's own (decision 0067), through named statements and our type
 * parsers: the very rows a bare client builds, whatever the columns are called, and still right
 * when a prepared statement's columns change under it.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let plain: pg.Client;

beforeAll(async () => {
  db = await createTestDatabase();
  if (onPostgres) {
    plain = new pg.Client({ connectionString: db.url });
    await plain.connect();
  }
});
afterAll(async () => {
  await plain?.end();
  await db?.close();
});

/** The same statement through our database and through a bare node-postgres client's object rows. */
async function bothWays(db: Database, text: string, params: unknown[]) {
  const ours = (await db.query<Record<string, unknown>>(text, params)).rows;
  const theirs = (await plain.query(text, params)).rows as Record<string, unknown>[];
  return { ours, theirs };
}

describe('rows of named statements', () => {
  it.runIf(onPostgres)('are the rows node-postgres builds: names, order, nulls, a repeated name', async () => {
    const text = `SELECT $1::text AS id, NULL::text AS "reason description", $2::boolean AS "a""b",
      'x' AS "line\nbreak", 1 AS twice, 2 AS twice, '✓' AS "é\u2028" FROM generate_series(1, 3)`;
    const { ours, theirs } = await bothWays(db, text, ['BLC1', true]);
    expect(ours).toHaveLength(3);
    expect(ours).toEqual(theirs);
    expect(Object.keys(ours[0]!)).toEqual(Object.keys(theirs[0]!));
    expect(ours[0]!.twice).toBe(2);
  });

  it.runIf(onPostgres)('give a column named __proto__ no say over the prototype', async () => {
    const { rows } = await db.query<Record<string, unknown>>(`SELECT $1::jsonb AS "__proto__", 1 AS n`, [
      '{"polluted": true}',
    ]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(rows[0], '__proto__')?.value).toEqual({ polluted: true });
    expect((rows[0] as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.runIf(onPostgres)('follow a statement whose columns change, and answer no rows as none', async () => {
    await db.exec('CREATE TABLE shape_probe (id text PRIMARY KEY); INSERT INTO shape_probe VALUES ($$a$$)');
    const read = () => db.query<Record<string, unknown>>('SELECT * FROM shape_probe WHERE id = $1', ['a']);
    expect((await read()).rows).toEqual([{ id: 'a' }]);
    await db.exec('ALTER TABLE shape_probe ADD COLUMN added text');
    expect((await read()).rows).toEqual([{ id: 'a', added: null }]);
    const none = await db.query('SELECT * FROM shape_probe WHERE id = $1', ['none']);
    expect(none).toEqual({ rows: [], rowCount: 0 });
  });

  it.runIf(onPostgres)('parse a column whose type changed with its new type', async () => {
    await db.exec(
      'CREATE TABLE shape_types (id text PRIMARY KEY, n bigint); INSERT INTO shape_types VALUES ($$a$$, 5)',
    );
    const read = () => db.query<Record<string, unknown>>('SELECT * FROM shape_types WHERE id = $1', ['a']);
    expect((await read()).rows).toEqual([{ id: 'a', n: 5 }]);
    await db.exec('ALTER TABLE shape_types ALTER COLUMN n TYPE text');
    expect((await read()).rows).toEqual([{ id: 'a', n: '5' }]);
  });

  it.runIf(onPostgres)('fail a statement whose value cannot be parsed, and leave the connection usable', async () => {
    const text = 'SELECT $1::bigint AS n FROM generate_series(1, 2)';
    await expect(db.query(text, ['9007199254740993'])).rejects.toThrow();
    await expect(db.transaction((tx) => tx.query(text, ['9007199254740993']))).rejects.toThrow();
    expect((await db.query(text, ['42'])).rows).toEqual([{ n: 42 }, { n: 42 }]);
  });
});
