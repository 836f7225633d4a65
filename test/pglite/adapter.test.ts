import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementRunner, type StatementRunner } from '../../server/db/pglite-statements';
import { pgliteParsers } from '../../server/db/pglite';

/**
 * The contract PGlite's adapter (server/db/pglite-statements.ts, decision 0067) relies on, so that
 * an upgrade of the exactly pinned @electric-sql/pglite that changes it fails here first: our
 * protocol messages give PGlite's own rows and errors, a named statement outlives the entry that
 * parsed it, and `runExclusive` keeps PGlite's own queries out while it runs.
 */
let pglite: PGlite;
let runner: StatementRunner;

beforeAll(async () => {
  pglite = await PGlite.create({ parsers: pgliteParsers });
  runner = createStatementRunner(pglite);
  await pglite.exec(`CREATE TABLE adapter_probe (id text PRIMARY KEY, n bigint, on_day date, amount numeric,
    at timestamptz, doc jsonb, flag boolean)`);
});
afterAll(async () => {
  await pglite?.close();
});

describe("PGlite's adapter", () => {
  it('gives the rows PGlite.query gives, for every kind of value', async () => {
    const at = new Date('2026-12-02T10:11:12.345Z');
    const insert = `INSERT INTO adapter_probe VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *, id AS again`;
    const ours = await runner.run(insert, ['a', 42, '2026-12-02', '10.50', at, JSON.stringify({ k: [1] }), true]);
    await pglite.exec(`INSERT INTO adapter_probe (id) VALUES ('b')`);
    const read = 'SELECT *, id AS again FROM adapter_probe WHERE id = ANY($1) ORDER BY id';
    const theirs = await pglite.query(read, [['a', 'b']]);
    expect((await runner.run(read, [['a', 'b']])).rows).toEqual(theirs.rows);
    expect(ours.rows).toEqual([theirs.rows[0]]);
    expect(theirs.rows[0]).toMatchObject({ n: 42, on_day: '2026-12-02', amount: '10.50', at, doc: { k: [1] } });
    expect(ours.affectedRows).toBe(1);
    expect((await runner.run('SELECT id FROM adapter_probe WHERE id = $1', ['none'])).rows).toEqual([]);
  });

  it('keeps a named statement prepared across entries', async () => {
    const text = 'SELECT n FROM adapter_probe WHERE id = $1';
    await runner.run(text, ['a']);
    const prepared = await pglite.query<{ name: string }>(
      'SELECT name FROM pg_prepared_statements WHERE statement = $1',
      [text],
    );
    expect(prepared.rows).toHaveLength(1);
    expect((await runner.run<{ n: number }>(text, ['a'])).rows).toEqual([{ n: 42 }]);
  });

  it("reports PGlite's errors with their code and constraint, and carries on after one", async () => {
    const insert = 'INSERT INTO adapter_probe (id) VALUES ($1)';
    await expect(runner.run(insert, ['a'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'adapter_probe_pkey',
    });
    await expect(runner.run('SELECT 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
    expect((await runner.run('SELECT $1::int AS one', [1])).rows).toEqual([{ one: 1 }]);
  });

  it("holds PGlite's own queries back while runExclusive runs", async () => {
    const order: string[] = [];
    const exclusive = pglite.runExclusive(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push('exclusive');
    });
    const query = pglite.query('SELECT 1').then(() => order.push('query'));
    await Promise.all([exclusive, query]);
    expect(order).toEqual(['exclusive', 'query']);
  });
});
