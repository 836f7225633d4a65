import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../../server/db/db';
import { createTestDatabase } from '../support/database';

/**
 * Statements with parameters are prepared once per Postgres connection (issue 15). A prepared
 * `SELECT *` must survive its table gaining a column — another process's migration during a
 * rolling upgrade — outside and inside a transaction.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let one: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  // One connection, so the second use meets the statement the first one prepared.
  if (onPostgres) one = createPostgresDatabase(db.url!, { max: 1 });
});
afterAll(async () => {
  await one?.close();
  await db?.close();
});

describe('prepared statements', () => {
  it.runIf(onPostgres)('keep answering after the table they read gains a column', async () => {
    await one.exec('CREATE TABLE prepared_probe (id text PRIMARY KEY); INSERT INTO prepared_probe VALUES ($$a$$)');
    const read = (q: { query: Database['query'] }) =>
      q.query<Record<string, unknown>>('SELECT * FROM prepared_probe WHERE id = $1', ['a']);
    expect((await read(one)).rows).toEqual([{ id: 'a' }]);
    await one.exec('ALTER TABLE prepared_probe ADD COLUMN added text');
    expect((await read(one)).rows).toEqual([{ id: 'a', added: null }]);

    const again = 'SELECT * FROM prepared_probe WHERE id = $1 AND $2::int = 1';
    expect((await one.query(again, ['a', 1])).rows).toHaveLength(1);
    await one.exec('ALTER TABLE prepared_probe ADD COLUMN later text');
    const inTransaction = await one.transaction((tx) => tx.query(again, ['a', 1]));
    expect(inTransaction.rows).toEqual([{ id: 'a', added: null, later: null }]);
  });
});
