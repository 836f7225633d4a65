import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../server/db/db';
import { CREDENTIAL_CACHE_TTL_MS } from '../../server/domain/access/credential-cache';
import { ManualClock } from '../../server/domain/shared/clock';
import { ApiClient, type ApiResponse } from '../support/client';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements, writesIn } from '../support/statement-log';

/**
 * Issue 15: a read needs no write (the rate-limit count lives in memory and goes to Postgres in
 * batches), the limit still holds per organisation across processes on one Postgres, and a
 * disabled token stops working in every process within a second although tokens are cached.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
// The middle of a minute, so a window does not end during a test.
const clock = new ManualClock(new Date('2026-03-02T10:00:10Z'));
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let recorded: ReturnType<typeof recordStatements>;
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  db = await createTestDatabase();
  recorded = recordStatements(db);
  server = await startTestServer({
    clock,
    db: recorded.db,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0 },
    // The background jobs poll on their own timers; what is measured here is the requests' writes.
    notificationIntervalMs: 0,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

const secondServer = () =>
  startTestServer({
    clock,
    db: createPostgresDatabase(db.url!, { max: 4 }),
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0 },
    notificationIntervalMs: 0,
  });

describe('reads', () => {
  it('a burst of GETs writes no row; rate-limit counts reach Postgres in a few batched statements', async () => {
    await m.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'a@b.example' },
    });
    await new Promise((r) => setTimeout(r, 250)); // let the POST's count go out first
    recorded.statements.length = 0;
    const started = performance.now();
    const gets = 30;
    for (let i = 0; i < gets; i++) expect((await m.api.get('/blocks?limit=20')).status).toBe(200);
    const elapsedMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 250));
    // The request logs' batch (decision 0086) is written off the request path, about once a second.
    const writes = writesIn(recorded.statements).filter((s) => !s.startsWith('INSERT INTO request_logs'));
    expect(writes.filter((s) => !s.includes('rate_limit_windows'))).toEqual([]);
    const counted = writes.filter((s) => s.includes('rate_limit_windows'));
    if (onPostgres) {
      // One statement per 100 ms flush at most (and the final one), never one per request.
      expect(counted.length).toBeLessThanOrEqual(Math.ceil(elapsedMs / 100) + 2);
      expect(counted.length).toBeLessThan(gets);
    } else {
      expect(counted).toEqual([]); // PGlite is one process: counts stay in memory
    }
  });
});

describe('round trips', () => {
  it('GET /blocks?limit=20 is one SELECT and no transaction; POST /blocks one transaction of two statements', async () => {
    // The token must be cached afresh: an entry left by the test before could expire mid-way and
    // its re-read would land among the statements counted here.
    await new Promise((r) => setTimeout(r, CREDENTIAL_CACHE_TTL_MS + 50));
    await m.api.get('/blocks?limit=20'); // the token is now cached, for the next 500 ms
    recorded.statements.length = 0;
    expect((await m.api.get('/blocks?limit=20')).status).toBe(200);
    // Neither the batched rate-limit counts nor the request logs' batch (decision 0086) is the request's.
    const isRateLimit = (s: string) => s.includes('rate_limit_windows') || s.startsWith('INSERT INTO request_logs');
    expect(recorded.statements.filter((s) => !isRateLimit(s))).toEqual([
      expect.stringMatching(
        /^SELECT [a-z_, ]+ FROM blocks WHERE organisation_id >= \$1 AND organisation_id <= \$1 ORDER BY organisation_id DESC, id DESC LIMIT/,
      ),
    ]);
    recorded.statements.length = 0;
    const created = await m.api.post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'round@trip.example' },
    });
    expect(created.status).toBe(201);
    expect(recorded.statements.filter((s) => !isRateLimit(s))).toEqual([
      'BEGIN',
      expect.stringMatching(/^INSERT INTO blocks/),
      expect.stringMatching(/^WITH event AS \( INSERT INTO events/),
      'COMMIT',
    ]);
  });
});

describe('access token cache', () => {
  it('a disabled token is refused at once by the process that disabled it, though it was just cached', async () => {
    const { value, token } = await server.services.db.transaction((tx) =>
      server.services.access.createToken(tx, m.organisationId, 'read_only', 'cache test'),
    );
    const client = m.api.withToken(value);
    expect((await client.get('/blocks')).status).toBe(200);
    expect((await client.get('/blocks')).status).toBe(200);
    await server.services.db.transaction((tx) => server.services.access.disableToken(tx, token.id));
    const refused = await client.get('/blocks');
    expect(refused.status).toBe(401);
    expect(refused.body.error.errors[0].reason).toBe('access_token_not_active');
  });

  it.runIf(onPostgres)('a token disabled through one server is refused by another within 1 s', async () => {
    const second = await secondServer();
    try {
      const { value, token } = await server.services.db.transaction((tx) =>
        server.services.access.createToken(tx, m.organisationId, 'read_only', 'two processes'),
      );
      const onSecond = new ApiClient(second.url, value);
      // The second process caches the token.
      expect((await onSecond.get('/blocks')).status).toBe(200);
      await server.services.db.transaction((tx) => server.services.access.disableToken(tx, token.id));
      const disabledAt = performance.now();
      let status = 200;
      while (status === 200 && performance.now() - disabledAt < 2000) status = (await onSecond.get('/blocks')).status;
      expect(status).toBe(401);
      expect(performance.now() - disabledAt).toBeLessThan(1000);
    } finally {
      await second.close();
    }
  });
});

describe('rate limit across processes', () => {
  it.runIf(onPostgres)(
    'two servers on one Postgres admit 1000 requests of an organisation per minute between them, within 1%',
    async () => {
      const second = await secondServer();
      try {
        const org = await server.merchant();
        const clients = [org.api, new ApiClient(second.url, org.token)];
        const statuses: number[] = [];
        let refused: ApiResponse | undefined;
        let next = 0;
        const total = 1030;
        const worker = async (lane: number) => {
          while (next < total) {
            next += 1;
            const res = await clients[lane % 2]!.get('/blocks?limit=1');
            statuses.push(res.status);
            if (res.status === 429) refused = res;
          }
        };
        await Promise.all(Array.from({ length: 8 }, (_, lane) => worker(lane)));
        const admitted = statuses.filter((s) => s === 200).length;
        expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
        // Never early: a process counts its own hits once (rate-limit-batched.ts, countNearLimit).
        expect(admitted).toBeGreaterThanOrEqual(1000);
        expect(admitted).toBeLessThanOrEqual(1010);
        expect(refused!.body.error.errors[0].reason).toBe('rate_limit_exceeded');
        expect(refused!.headers['ratelimit-limit']).toBe('1000');
        expect(refused!.headers['ratelimit-remaining']).toBe('0');
        expect(refused!.headers['retry-after']).toBe('50');
      } finally {
        await second.close();
      }
    },
  );
});
