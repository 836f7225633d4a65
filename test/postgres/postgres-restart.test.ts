import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../server/db/db';
import type { ApiClient, ApiResponse } from '../support/client';
import { UK_PAYER } from '../support/pages';
import { startPrivatePostgres, type PrivatePostgres } from '../support/private-postgres';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Postgres stopped under write load and started again (issue 17, Faults), on a Postgres of the
 * test's own: while it is away every request answers 503 with Retry-After (never a 500, never a
 * hang), the server recovers by itself when it is back, and nothing acknowledged is lost.
 */
let pg: PrivatePostgres;
let server: TestServer;
beforeAll(async () => {
  pg = await startPrivatePostgres();
  // The rate limit is lifted: this test is about the outage, and three lanes of writes on a fast
  // machine can pass 1,000 a minute, which would turn acknowledged writes into 429s.
  server = await startTestServer({ db: createPostgresDatabase(pg.url, { max: 8 }), rateLimitPerMinute: 1_000_000 });
}, 60_000);
afterAll(async () => {
  await server?.close().catch(() => {});
  pg?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Postgres stopped and started under load', () => {
  it('answers 503 with Retry-After while it is away, recovers without a restart, and loses nothing acknowledged', async () => {
    const merchant = await server.merchant();
    const acked: string[] = [];
    const answers: { status: number; retryAfter?: string; reason?: string }[] = [];
    let stopLoad = false;
    let n = 0;
    const lane = async (api: ApiClient) => {
      while (!stopLoad) {
        const res = await api.post(
          '/customers',
          { customers: { ...UK_PAYER, given_name: `Load ${n}` } },
          { headers: { 'idempotency-key': `pg-restart-${n++}` } },
        );
        answers.push({
          status: res.status,
          retryAfter: res.headers['retry-after'] as string | undefined,
          reason: res.body?.error?.errors?.[0]?.reason,
        });
        if (res.status === 201) acked.push(res.body.customers.id);
        else await sleep(50);
      }
    };
    const load = Promise.all([lane(merchant.api), lane(merchant.api), lane(merchant.api)]);
    await sleep(1_000);
    const before = acked.length;
    pg.stop();
    await sleep(2_000);
    const duringOutage = answers.length;
    pg.start();
    // Back without restarting the server: new writes are acknowledged again.
    const back = Date.now();
    while (acked.length === before || answers.at(-1)?.status !== 201) {
      if (Date.now() - back > 20_000) throw new Error('did not recover');
      await sleep(100);
    }
    await sleep(500);
    stopLoad = true;
    await load;

    expect(before).toBeGreaterThan(0);
    const unavailable = answers.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThan(0);
    for (const a of unavailable) {
      expect(a.reason).toBe('database_unavailable');
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(answers.slice(0, duringOutage).filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    // Read back through the list, a page of 500 at a time: one GET per acknowledged customer could
    // outrun the organisation's rate limit now that the server acknowledges more in the same time.
    const stored = new Set<string>();
    let after: string | null = null;
    do {
      const page: ApiResponse = await merchant.api.get(`/customers?limit=500${after ? `&after=${after}` : ''}`);
      expect(page.status).toBe(200);
      for (const customer of page.body.customers) stored.add(customer.id);
      after = page.body.meta.cursors.after;
    } while (after);
    expect(acked.filter((id) => !stored.has(id))).toEqual([]);
  }, 90_000);
});
