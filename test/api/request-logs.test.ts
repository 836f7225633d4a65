import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { PageClient } from '../support/browser';
import { createTestDatabase } from '../support/database';
import { startReceiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Request logs (issue #39, decision 0086): every API request of an organisation kept with its
 * bodies masked, read through the `/request_logs` extension, linked to the events and webhooks
 * it caused, written in batches off the request path and purged after REQUEST_LOG_DAYS.
 */
let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const clock = new ManualClock('2026-11-23T10:00:00.000Z');
const IBAN = 'FR1420041010050500013M02606';

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: receiver.sender() },
    env: { REQUEST_LOG_DAYS: '7' },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const key = (name: string) => ({ headers: { 'idempotency-key': `${name}-${Math.random()}` } });

async function customer(m: Awaited<ReturnType<TestServer['merchant']>>) {
  const res = await m.api.post('/customers', {
    customers: { given_name: 'Ada', family_name: 'Lovelace', email: 'ada@example.com', country_code: 'GB' },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.customers.id as string;
}

describe('what a request log keeps', () => {
  it('keeps method, path, status, duration, request id, idempotency key and token name; masks bank details and personal data', async () => {
    const m = await server.merchant();
    const customerId = await customer(m);
    const created = await m.api.post(
      '/customer_bank_accounts',
      {
        customer_bank_accounts: {
          iban: IBAN,
          account_holder_name: 'Ada Lovelace',
          metadata: { note: `pay to ${IBAN.replace(/(.{4})/g, '$1 ')}` },
          links: { customer: customerId },
        },
      },
      { headers: { 'idempotency-key': 'cba-ada' } },
    );
    expect(created.status, created.text).toBe(201);
    await server.requestLogs.flush();

    const list = await m.api.get('/request_logs?path=/customer_bank_accounts');
    expect(list.status, list.text).toBe(200);
    expect(list.body.request_logs).toHaveLength(1);
    const log = list.body.request_logs[0];
    expect(log).toMatchObject({
      method: 'POST',
      path: '/customer_bank_accounts',
      status: 201,
      request_id: created.headers['x-request-id'],
      idempotency_key: 'cba-ada',
      token_name: 'test read_write',
      body_truncated: false,
    });
    expect(log.id).toMatch(/^RL/);
    expect(log.duration_ms).toBeGreaterThanOrEqual(0);
    expect(log.request_body.customer_bank_accounts).toMatchObject({
      iban: '[masked]',
      account_holder_name: '[masked]',
      metadata: { note: 'pay to [masked]' },
      links: { customer: customerId },
    });
    expect(log.response_body.customer_bank_accounts).toMatchObject({
      id: created.body.customer_bank_accounts.id,
      account_holder_name: '[masked]',
      account_number_ending: created.body.customer_bank_accounts.account_number_ending,
    });
    // Nothing of the IBAN or the payer's name and address is anywhere in the stored rows.
    const { rows } = await server.services.db.query<Record<string, unknown>>(
      'SELECT * FROM request_logs WHERE organisation_id = $1',
      [m.organisationId],
    );
    const stored = JSON.stringify(rows).replace(/ /g, '');
    expect(stored).not.toContain(IBAN);
    expect(stored).not.toContain('ada@example.com');
    expect(stored).not.toContain('Lovelace');

    const one = await m.api.get(`/request_logs/${log.id}`);
    expect(one.status).toBe(200);
    expect(one.body.request_logs).toEqual(log);
  });

  it('keeps a refused request with the body it was sent, and an unauthenticated one not at all', async () => {
    const m = await server.merchant();
    const refused = await m.api.post('/customers', { customers: { email: 'not-an-address', given_name: 'Ada' } });
    expect(refused.status).toBe(422);
    const anonymous = await server.anonymous.get('/customers');
    expect(anonymous.status).toBe(401);
    await server.requestLogs.flush();
    const logs = (await m.api.get('/request_logs?status=422')).body.request_logs;
    expect(logs).toHaveLength(1);
    expect(logs[0].request_body).toEqual({ customers: { email: '[masked]', given_name: '[masked]' } });
    expect(logs[0].response_body.error.type).toBe('validation_failed');
    const { rows } = await server.services.db.query('SELECT 1 FROM request_logs WHERE request_id = $1', [
      anonymous.headers['x-request-id'],
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('reading request logs', () => {
  it('filters by status, method, path, resource, request id and time, and pages by cursor', async () => {
    const m = await server.merchant();
    const ada = await customer(m);
    const bea = await customer(m);
    const read = await m.api.get(`/customers/${ada}`);
    const missing = await m.api.get('/customers/CU01KBZ8Q6W4M2T0R9YV3XE5N7HJ');
    expect(missing.status).toBe(404);
    clock.advance(60_000);
    const later = clock.now().toISOString();
    await m.api.get('/customers');
    await server.requestLogs.flush();

    const ids = async (query: string) => {
      const res = await m.api.get(`/request_logs${query}`);
      expect(res.status, res.text).toBe(200);
      return (res.body.request_logs as { path: string; method: string; status: number }[]).map(
        (l) => `${l.method} ${l.path} ${l.status}`,
      );
    };
    expect(await ids('')).toEqual([
      'GET /customers 200',
      'GET /customers/CU01KBZ8Q6W4M2T0R9YV3XE5N7HJ 404',
      `GET /customers/${ada} 200`,
      'POST /customers 201',
      'POST /customers 201',
    ]);
    expect(await ids('?status=404')).toEqual(['GET /customers/CU01KBZ8Q6W4M2T0R9YV3XE5N7HJ 404']);
    expect(await ids('?method=POST')).toEqual(['POST /customers 201', 'POST /customers 201']);
    expect(await ids(`?path=/customers/${ada}`)).toEqual([`GET /customers/${ada} 200`]);
    // An id in the path or in the answer: Ada was created and read (a list's answer is not kept).
    expect(await ids(`?resource=${ada}`)).toEqual([`GET /customers/${ada} 200`, 'POST /customers 201']);
    expect(await ids(`?resource=${bea}`)).toEqual(['POST /customers 201']);
    const kept = (await m.api.get('/request_logs')).body.request_logs.map(
      (l: { status: number; method: string; response_body: unknown }) => [l.method, l.status, l.response_body !== null],
    );
    // A successful read keeps no answer (it answers the same again); writes and refusals keep theirs.
    expect(kept).toEqual([
      ['GET', 200, false],
      ['GET', 404, true],
      ['GET', 200, false],
      ['POST', 201, true],
      ['POST', 201, true],
    ]);
    expect(await ids(`?request_id=${read.headers['x-request-id']}`)).toEqual([`GET /customers/${ada} 200`]);
    expect(await ids(`?created_at[gte]=${later}`)).toEqual(['GET /customers 200']);
    expect(await ids(`?created_at[lt]=${later}&method=GET&status=200`)).toEqual([`GET /customers/${ada} 200`]);

    const first = await m.api.get('/request_logs?limit=2');
    expect(first.body.request_logs).toHaveLength(2);
    const second = await m.api.get(`/request_logs?limit=2&after=${first.body.meta.cursors.after}`);
    expect(second.body.request_logs.map((l: { path: string }) => l.path)).toEqual([`/customers/${ada}`, '/customers']);
    // Polling for what is new: `before` the newest id seen.
    const newest = first.body.request_logs[0].id;
    expect((await m.api.get(`/request_logs?before=${newest}`)).body.request_logs).toEqual([]);

    for (const bad of ['?status=abc', '?method=PATCH', '?created_at[gte]=yesterday', '?colour=red']) {
      const res = await m.api.get(`/request_logs${bad}`);
      expect(res.status, bad).toBeGreaterThanOrEqual(400);
      expect(res.status, bad).toBeLessThan(500);
    }
  });

  it("is the organisation's own: another's log is 404 and never listed; a read-only token reads its own", async () => {
    const mine = await server.merchant();
    const theirs = await server.merchant();
    await customer(theirs);
    await server.requestLogs.flush();
    const theirLog = (await theirs.api.get('/request_logs')).body.request_logs[0];
    const res = await mine.api.get(`/request_logs/${theirLog.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.errors[0].reason).toBe('resource_not_found');
    expect((await mine.api.get(`/request_logs?request_id=${theirLog.request_id}`)).body.request_logs).toEqual([]);
    expect((await theirs.readOnly.get(`/request_logs/${theirLog.id}`)).status).toBe(200);
  });

  it('does not log reads of the logs themselves', async () => {
    const m = await server.merchant();
    await m.api.get('/request_logs');
    await m.api.get('/request_logs');
    await server.requestLogs.flush();
    expect((await m.api.get('/request_logs')).body.request_logs).toEqual([]);
  });

  it('shows the events a request recorded and the webhooks that carried them', async () => {
    const m = await server.merchant();
    await server.services.webhookEndpoints.create(server.services.db, m.organisationId, receiver.url);
    const block = await m.api.post(
      '/blocks',
      { blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'fraud@example.com' } },
      key('block'),
    );
    expect(block.status, block.text).toBe(201);
    await server.webhookWorker.runDue();
    await server.requestLogs.flush();

    const [log] = (await m.api.get('/request_logs?method=POST')).body.request_logs;
    const events = (await m.api.get('/events')).body.events as { id: string; links: Record<string, string> }[];
    const blockEvents = events.filter((e) => e.links.block === block.body.blocks.id).map((e) => e.id);
    expect(blockEvents.length).toBeGreaterThan(0);
    expect(log.links.events).toEqual(blockEvents);
    const webhooks = (await m.api.get('/webhooks')).body.webhooks as { id: string }[];
    expect(webhooks.length).toBeGreaterThan(0);
    expect(log.links.webhooks).toEqual(webhooks.map((w) => w.id));
    // The blocked address is personal data: masked in the answer kept too.
    expect(JSON.stringify(log)).not.toContain('fraud@example.com');
    // The event's own wire is the real API's: no request id on it.
    expect(events[0]).not.toHaveProperty('request_id');
  });
});

describe('retention', () => {
  it('deletes logs older than REQUEST_LOG_DAYS in the maintenance job', async () => {
    const m = await server.merchant();
    await m.api.get('/customers');
    await server.requestLogs.flush();
    clock.advance(8 * 86_400_000);
    await m.api.get('/mandates');
    await server.requestLogs.flush();
    await server.runMaintenance();
    const paths = (await m.api.get('/request_logs')).body.request_logs.map((l: { path: string }) => l.path);
    expect(paths).toEqual(['/mandates']);
  });
});

describe('the writer', () => {
  it('answers while the log write is held, and writes once it is let go', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const writes: string[] = [];
    const local = await startTestServer({
      requestLogs: {
        flushEveryMs: 3_600_000,
        holdWrites: async () => {
          writes.push('held');
          await held;
        },
      },
    });
    try {
      const m = await local.merchant();
      await customer(m);
      const flushing = local.requestLogs.flush();
      await vi.waitFor(() => expect(writes).toEqual(['held']));
      // The flush is stuck on its write; requests are answered all the same.
      for (const path of ['/customers', '/mandates', '/payments']) {
        const res = await m.api.get(path);
        expect(res.status).toBe(200);
      }
      expect((await m.api.get('/request_logs')).body.request_logs).toEqual([]);
      release();
      await flushing;
      await local.requestLogs.flush();
      const paths = (await m.api.get('/request_logs')).body.request_logs.map((l: { path: string }) => l.path);
      expect(paths).toEqual(['/payments', '/mandates', '/customers', '/customers']);
    } finally {
      release();
      await local.close();
    }
  });

  it('drops what does not fit in its queue and counts it in the metrics', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const local = await startTestServer({
      requestLogs: { flushEveryMs: 3_600_000, maxQueued: 2, holdWrites: () => held },
    });
    try {
      const m = await local.merchant();
      for (let i = 0; i < 5; i++) expect((await m.api.get('/customers')).status).toBe(200);
      expect(local.requestLogs.dropped()).toBe(3);
      const metrics = await new PageClient(local.url).get('/metrics');
      expect(metrics.html).toMatch(/^bankflow_request_logs_dropped_total 3$/m);
    } finally {
      release();
      await local.close();
    }
  });

  it('writes what is queued when the server shuts down', async () => {
    const db = await createTestDatabase();
    const local = await startTestServer({
      db: { ...db, close: async () => {} },
      requestLogs: { flushEveryMs: 3_600_000 },
    });
    try {
      const m = await local.merchant();
      await customer(m);
      await m.api.get('/customers');
      const { rows: before } = await db.query('SELECT 1 FROM request_logs');
      expect(before).toHaveLength(0);
      await local.close();
      const { rows } = await db.query<{ path: string }>('SELECT path FROM request_logs ORDER BY id');
      expect(rows.map((r) => r.path)).toEqual(['/customers', '/customers']);
    } finally {
      await db.close();
    }
  });
});
