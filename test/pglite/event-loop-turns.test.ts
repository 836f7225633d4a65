import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

/**
 * PGlite runs each statement synchronously on the server's own thread and settles its promise at
 * once. Without a turn of the event loop after each background statement, a long chain of them (a
 * job applying hundreds of moves) ran to its end before a single request was read: in the sandbox a `POST
 * /payments` waited up to 600 ms behind the scheme clock (decision 0048).
 */
let server: TestServer;
let m: Merchant;
beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0, webhookDelivery: { intervalMs: 0 } });
  m = await server.merchant();
  expect((await m.api.get('/blocks')).status).toBe(200); // the token is now known
});
afterAll(() => server?.close());

describe('PGlite gives the event loop a turn after each statement sent outside a request', () => {
  it('answers a request while a long chain of statements is still running', async () => {
    let statements = 0;
    let stop = false;
    const chain = (async () => {
      while (!stop && statements < 20_000) {
        await server.services.db.query('SELECT 1');
        statements++;
      }
    })();
    const res = await m.api.get('/blocks?limit=5');
    const doneWhenAnswered = statements;
    stop = true;
    await chain;

    expect(res.status).toBe(200);
    // Without the turns, the request is read only once the chain has run all 20,000.
    expect(doneWhenAnswered).toBeLessThan(20_000);
  });
});

describe('migrations on PGlite', () => {
  it('give the event loop a turn after each migration, so a starting server answers /health meanwhile (issue 41)', async () => {
    const db = await openPglite();
    try {
      let turns = 0;
      let counting = true;
      const count = () => {
        turns++;
        if (counting) setImmediate(count);
      };
      setImmediate(count);
      const applied = await migrate(db);
      counting = false;
      expect(applied).toHaveLength(readMigrations().length);
      expect(turns).toBeGreaterThanOrEqual(applied.length);
    } finally {
      await db.close();
    }
  });
});
