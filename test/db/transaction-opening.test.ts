import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../../server/db/db';
import { createTestDatabase } from '../support/database';

/**
 * A Postgres transaction is opened by its first statement (decision 0067: `BEGIN` and its time
 * limit in one simple query, sent only once something is). A proxy between the pool and the server
 * counts the round trips: each ends in one ReadyForQuery ('Z') from the server. The transaction
 * must be one: atomic, and under its time limit.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let one: Database;
let proxy: net.Server;
let roundTrips = 0;

/** Counts the server's ReadyForQuery messages (type byte, then a 4-byte length) on every connection. */
function countingProxy(target: URL): Promise<number> {
  const [host, port] = [target.hostname, Number(target.port || 5432)];
  proxy = net.createServer((client) => {
    const server = net.connect(port, host);
    let pending = Buffer.alloc(0);
    let startup = true;
    client.pipe(server);
    server.on('data', (chunk: Buffer) => {
      client.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      // The server's first byte may be an SSL answer ('N'), which has no length.
      if (startup && pending[0] === 0x4e) pending = pending.subarray(1);
      startup = false;
      while (pending.length >= 5) {
        const length = pending.readInt32BE(1);
        if (pending.length < 1 + length) break;
        if (pending[0] === 0x5a) roundTrips++;
        pending = pending.subarray(1 + length);
      }
    });
    client.on('error', () => server.destroy());
    server.on('error', () => client.destroy());
    client.on('close', () => server.destroy());
  });
  return new Promise((resolve) =>
    proxy.listen(0, '127.0.0.1', () => resolve((proxy.address() as net.AddressInfo).port)),
  );
}

async function counted<T>(work: () => Promise<T>): Promise<{ value: T; trips: number }> {
  const before = roundTrips;
  const value = await work();
  return { value, trips: roundTrips - before };
}

beforeAll(async () => {
  db = await createTestDatabase();
  if (!onPostgres) return;
  const url = new URL(db.url!);
  const port = await countingProxy(url);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  // One connection, so later transactions meet what the first one prepared.
  one = createPostgresDatabase(url.toString(), { max: 1 });
  await one.exec('CREATE TABLE opening_probe (id text PRIMARY KEY)');
});
afterAll(async () => {
  await one?.close();
  proxy?.close();
  await db?.close();
});

const insert = (tx: Pick<Database, 'query'>, id: string) =>
  tx.query('INSERT INTO opening_probe (id) VALUES ($1) RETURNING id', [id]);

describe('a transaction opened by its first statement', () => {
  it.runIf(onPostgres)('takes one round trip to open, one per statement and one to commit', async () => {
    const timeLimit = { statementTimeoutMs: 5_000 };
    const first = await counted(() => one.transaction(async (tx) => (await insert(tx, 'a')).rows, timeLimit));
    // BEGIN with its time limit, the INSERT (parsed in the same round trip as it runs), COMMIT.
    expect(first).toEqual({ value: [{ id: 'a' }], trips: 3 });
    const later = await counted(() =>
      one.transaction(async (tx) => {
        await insert(tx, 'b');
        return (await insert(tx, 'c')).rows;
      }, timeLimit),
    );
    expect(later).toEqual({ value: [{ id: 'c' }], trips: 4 });
    const nothing = await counted(() => one.transaction(async () => 'nothing sent', timeLimit));
    expect(nothing).toEqual({ value: 'nothing sent', trips: 0 });
  });

  it.runIf(onPostgres)('is still one transaction: a later failure undoes the first statement', async () => {
    for (const id of ['d', 'e']) {
      await expect(
        one.transaction(async (tx) => {
          await insert(tx, id);
          await tx.query('SELECT 1 / $1::int', [0]);
        }),
      ).rejects.toMatchObject({ code: '22012' });
      expect((await one.query('SELECT id FROM opening_probe WHERE id = $1', [id])).rows).toEqual([]);
    }
  });

  it.runIf(onPostgres)('runs its first statement under the time limit, which ends with it', async () => {
    for (let i = 0; i < 2; i++) {
      const shown = await one.transaction(
        (tx) => tx.query('SELECT current_setting($1) AS limit', ['statement_timeout']),
        {
          statementTimeoutMs: 1234,
        },
      );
      expect(shown.rows).toEqual([{ limit: '1234ms' }]);
      await expect(
        one.transaction((tx) => tx.query('SELECT pg_sleep($1)', [2]), { statementTimeoutMs: 100 }),
      ).rejects.toMatchObject({ code: '57014' });
    }
    expect((await one.query('SELECT current_setting($1) AS limit', ['statement_timeout'])).rows).toEqual([
      { limit: '0' },
    ]);
  });

  it.runIf(onPostgres)('opens before a script or a statement without parameters', async () => {
    await expect(
      one.transaction(async (tx) => {
        await tx.exec("INSERT INTO opening_probe (id) VALUES ('f')");
        await tx.query('SELECT 1 / $1::int', [0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    await expect(
      one.transaction(async (tx) => {
        await tx.query("INSERT INTO opening_probe (id) VALUES ('g')");
        await tx.query('SELECT 1 / $1::int', [0]);
      }),
    ).rejects.toMatchObject({ code: '22012' });
    expect((await one.query("SELECT id FROM opening_probe WHERE id IN ('f', 'g')")).rows).toEqual([]);
  });
});
