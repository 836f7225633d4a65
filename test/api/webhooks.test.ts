import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { signatureIsValid, startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';
import { createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let receiver: Receiver;

beforeAll(async () => {
  clock = new ManualClock('2026-03-01T09:00:00.000Z');
  receiver = await startReceiver();
  // The worker is driven by the tests (intervalMs 0) so each step is visible; so is the scheme
  // clock, which would otherwise move payments on by itself while the tests advance the clock.
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: receiver.sender(), timeoutMs: 1000 },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

/** A merchant with an endpoint at the receiver; the answer carries the secret. */
async function merchantWithEndpoint() {
  const merchant = await server.merchant();
  const { endpoint, secret } = await server.services.webhookEndpoints.create(
    server.services.db,
    merchant.organisationId,
    receiver.url,
  );
  return { merchant, endpoint, secret };
}

let blockCount = 0;
const createBlock = async (merchant: Merchant) =>
  (
    await merchant.api.post('/blocks', {
      blocks: {
        block_type: 'email',
        reason_type: 'identity_fraud',
        resource_reference: `b${++blockCount}@example.com`,
      },
    })
  ).body.blocks as { id: string };

const deliveriesOf = (webhookIds: Set<string>) =>
  receiver.received.filter((r) => webhookIds.has(r.body.meta.webhook_id));
const webhookIdsOf = async (m: Merchant) =>
  new Set<string>((await m.api.get('/webhooks?limit=500')).body.webhooks.map((w: { id: string }) => w.id));

/** The delivery's state as the worker left it (the API shows only `successful`, derived from it). */
const statusOf = async (id: string) =>
  (await server.services.db.query<{ status: string }>('SELECT status FROM webhooks WHERE id = $1', [id])).rows[0]!
    .status;

describe('webhook delivery', () => {
  it('POSTs the events after commit, signed with the endpoint secret, serialised as GET /events shows them', async () => {
    receiver.answer(() => ({ status: 200, body: '{"ok":true}' }));
    const { merchant, secret } = await merchantWithEndpoint();
    const block = await createBlock(merchant);
    const before = receiver.received.length;
    expect(await server.webhookWorker.runDue()).toBe(1);

    const request = receiver.received[before]!;
    expect(request.headers['content-type']).toBe('application/json');
    expect(signatureIsValid(request.raw, secret, request.headers['webhook-signature'])).toBe(true);
    expect(request.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

    const event = (await merchant.api.get(`/events?block=${block.id}`)).body.events[0];
    expect(request.body.events).toEqual([event]);
    expect(Object.keys(request.body)).toEqual(['events', 'meta']);

    const webhook = (await merchant.api.get(`/webhooks/${request.body.meta.webhook_id}`)).body.webhooks;
    expect(webhook).toMatchObject({
      id: request.body.meta.webhook_id,
      url: receiver.url,
      is_test: false,
      successful: true,
      response_code: 200,
      response_body: '{"ok":true}',
      response_body_truncated: false,
      request_body: request.raw,
      created_at: '2026-03-01T09:00:00.000Z',
    });
    expect(webhook.request_headers['webhook-signature']).toBe(request.headers['webhook-signature']);
    expect(webhook.response_headers['content-type']).toBe('application/json');
    // Nothing left to send.
    expect(await server.webhookWorker.runDue()).toBe(0);
  });

  it('queues an event for each enabled endpoint in the same transaction, and none if it rolls back', async () => {
    const { merchant, endpoint } = await merchantWithEndpoint();
    const second = await server.services.webhookEndpoints.create(
      server.services.db,
      merchant.organisationId,
      receiver.url,
    );
    await server.services.webhookEndpoints.disable(
      server.services.db,
      { organisationId: merchant.organisationId },
      second.endpoint.id,
    );
    const db = server.services.db;
    await expect(
      db.transaction(async (tx) => {
        await server.services.events.record(tx, {
          organisationId: merchant.organisationId,
          resourceType: 'blocks',
          action: 'created',
          links: { block: 'BLC0' },
          details: { origin: 'api', cause: 'block_created', description: 'x' },
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const count = async () =>
      (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_outbox WHERE organisation_id = $1', [
          merchant.organisationId,
        ])
      ).rows[0]!.n;
    expect(await count()).toBe(0);
    await createBlock(merchant);
    const { rows } = await db.query<{ endpoint_id: string }>(
      'SELECT endpoint_id FROM webhook_outbox WHERE organisation_id = $1',
      [merchant.organisationId],
    );
    expect(rows.map((r) => r.endpoint_id)).toEqual([endpoint.id]);
    await server.webhookWorker.runDue();
  });

  it('retries failures with growing delays, same body and idempotency key, until the receiver accepts', async () => {
    const { merchant } = await merchantWithEndpoint();
    await createBlock(merchant);
    let failures = 3;
    receiver.answer(() => (failures-- > 0 ? { status: 500, body: 'oops' } : { status: 204 }));
    const start = clock.now().getTime();

    await server.webhookWorker.runDue();
    const [id] = await webhookIdsOf(merchant);
    const failed = (await merchant.api.get(`/webhooks/${id}`)).body.webhooks;
    expect(failed).toMatchObject({ successful: false, response_code: 500, response_body: 'oops' });
    expect(
      (await merchant.api.get('/webhooks?successful=false')).body.webhooks.map((w: { id: string }) => w.id),
    ).toEqual([id]);
    expect(await statusOf(id!)).toBe('retrying');

    // Not before it is due: 30 s, then 60 s, then 120 s after each failure.
    for (const delay of [30_000, 60_000, 120_000]) {
      clock.advance(delay - 1000);
      expect(await server.webhookWorker.runDue()).toBe(0);
      clock.advance(1000);
      expect(await server.webhookWorker.runDue()).toBe(1);
    }
    const { rows } = await server.services.db.query<{ attempted_at: Date; response_code: number; successful: boolean }>(
      'SELECT attempted_at, response_code, successful FROM webhook_attempts WHERE webhook_id = $1 ORDER BY attempt',
      [id],
    );
    expect(rows.map((r) => [r.attempted_at.getTime() - start, r.response_code, r.successful])).toEqual([
      [0, 500, false],
      [30_000, 500, false],
      [90_000, 500, false],
      [210_000, 204, true],
    ]);
    const sent = deliveriesOf(new Set([id!]));
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((r) => r.raw)).size).toBe(1);
    expect(new Set(sent.map((r) => r.headers['idempotency-key'])).size).toBe(1);
    expect((await merchant.api.get(`/webhooks/${id}`)).body.webhooks).toMatchObject({
      successful: true,
      response_code: 204,
    });
    expect((await merchant.api.get(`/webhooks/${id}`)).body.webhooks.response_body).toBeNull();
    expect(await statusOf(id!)).toBe('succeeded');
  });

  it('records timeouts and network failures as attempts, and stops after the retry period', async () => {
    const { merchant } = await merchantWithEndpoint();
    await createBlock(merchant);
    receiver.answer(() => 'hang');
    await server.webhookWorker.runDue();
    const [id] = await webhookIdsOf(merchant);
    const first = await server.services.db.query<{ error: string }>(
      'SELECT error FROM webhook_attempts WHERE webhook_id = $1',
      [id],
    );
    expect(first.rows[0]!.error).toMatch(/timed out/);

    await receiver.down();
    try {
      // Follow the schedule to its end: every attempt fails, the last one inside 72 hours.
      const created = clock.now().getTime();
      for (let i = 0; i < 100; i++) {
        const { rows } = await server.services.db.query<{ next_attempt_at: Date | null }>(
          'SELECT next_attempt_at FROM webhooks WHERE id = $1',
          [id],
        );
        if (!rows[0]!.next_attempt_at) break;
        clock.set(rows[0]!.next_attempt_at);
        await server.webhookWorker.runDue();
      }
      const { rows } = await server.services.db.query<{ attempted_at: Date; error: string }>(
        'SELECT attempted_at, error FROM webhook_attempts WHERE webhook_id = $1 ORDER BY attempt',
        [id],
      );
      expect(rows.length).toBeGreaterThan(10);
      expect(rows.at(-1)!.error).toBe('ECONNREFUSED');
      expect(rows.at(-1)!.attempted_at.getTime() - created).toBeLessThanOrEqual(72 * 3_600_000);
      expect((await merchant.api.get(`/webhooks/${id}`)).body.webhooks.successful).toBe(false);
      expect(await statusOf(id!)).toBe('failed');
    } finally {
      await receiver.up();
      receiver.answer(() => ({ status: 200 }));
    }

    // Given up, it can still be sent by hand.
    const retried = await merchant.api.post(`/webhooks/${id}/actions/retry`, { data: {} });
    expect(retried.status).toBe(200);
    await server.webhookWorker.runDue();
    expect((await merchant.api.get(`/webhooks/${retried.body.webhooks.id}`)).body.webhooks.successful).toBe(true);
    // The retry is a new delivery: the original stays failed.
    expect(await statusOf(id!)).toBe('failed');
  });

  it('delivers everything to a receiver that was down for a while, in batches of at most 250', async () => {
    const { merchant } = await merchantWithEndpoint();
    await receiver.down();
    const recorded: string[] = [];
    await server.services.db.transaction(async (tx) => {
      for (let i = 0; i < 300; i++) {
        const event = await server.services.events.record(tx, {
          organisationId: merchant.organisationId,
          resourceType: 'blocks',
          action: 'created',
          links: { block: `BLC${i}` },
          details: { origin: 'api', cause: 'block_created', description: 'Bulk.' },
        });
        recorded.push(event.id);
      }
    });
    expect(await server.webhookWorker.runDue()).toBe(2);
    clock.advance(30_000);
    expect(await server.webhookWorker.runDue()).toBe(2);

    await receiver.up();
    receiver.answer(() => ({ status: 200 }));
    clock.advance(60_000);
    await server.webhookWorker.runDue();
    const ids = await webhookIdsOf(merchant);
    const sent = deliveriesOf(ids);
    expect(sent.map((r) => r.body.events.length).sort((a, b) => a - b)).toEqual([50, 250]);
    expect(sent.flatMap((r) => r.body.events.map((e) => e.id)).sort()).toEqual([...recorded].sort());
    const pending = await server.services.db.query(
      'SELECT 1 FROM webhook_outbox WHERE organisation_id = $1 AND delivered_at IS NULL',
      [merchant.organisationId],
    );
    expect(pending.rows).toEqual([]);
  });

  it("tells the merchant what the bank said: a failed payment's event carries the reason code", async () => {
    receiver.answer(() => ({ status: 200, body: '' }));
    const { merchant } = await merchantWithEndpoint();
    const { mandateId } = await createMandateViaBillingRequest(merchant, { currency: 'EUR' });
    const payment = (
      await post(
        merchant.api,
        '/payments',
        { payments: { amount: 2500, currency: 'EUR', links: { mandate: mandateId } } },
        201,
      )
    ).payments;
    await post(merchant.api, '/scenario_simulators/payment_failed/actions/run', {
      data: { links: { resource: payment.id } },
    });
    await server.webhookWorker.runDue();

    const delivered = deliveriesOf(await webhookIdsOf(merchant)).flatMap((r) => r.body.events);
    const failed = delivered.find((e: any) => e.resource_type === 'payments' && e.action === 'failed');
    expect(failed).toMatchObject({
      links: { payment: payment.id },
      details: {
        origin: 'bank',
        cause: 'insufficient_funds',
        scheme: 'sepa_core',
        reason_code: 'AM04',
        will_attempt_retry: false,
      },
    });
  });

  it('keeps an excerpt of long answers and says so', async () => {
    const { merchant } = await merchantWithEndpoint();
    await createBlock(merchant);
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`x-extra-${i}`, 'v']));
    receiver.answer(() => ({ status: 200, body: 'y'.repeat(20_000), headers: many }));
    await server.webhookWorker.runDue();
    const [id] = await webhookIdsOf(merchant);
    const webhook = (await merchant.api.get(`/webhooks/${id}`)).body.webhooks;
    expect(webhook.response_body).toHaveLength(2_048);
    expect(webhook.response_body_truncated).toBe(true);
    expect(webhook.response_headers_count_truncated).toBe(true);
    expect(Object.keys(webhook.response_headers).length).toBeLessThanOrEqual(50);
    receiver.answer(() => ({ status: 200 }));
  });

  it('shows a huge answer full of control characters capped, with none of them left (issue 40.3)', async () => {
    const { merchant } = await merchantWithEndpoint();
    await createBlock(merchant);
    // About 1 MB: NUL, ESC sequences, BEL, DEL and C1 controls between the text, and line breaks.
    const chunk = 'ok\u0000\u001b[31mred\u001b[0m\u0007\u007f\u0085\u009b2J\t\r\n';
    receiver.answer(() => ({ status: 500, body: chunk.repeat(Math.ceil(1_000_000 / chunk.length)) }));
    await server.webhookWorker.runDue();
    receiver.answer(() => ({ status: 200 }));
    const [id] = await webhookIdsOf(merchant);
    const res = await merchant.api.get(`/webhooks/${id}`);
    expect(res.status).toBe(200);
    const webhook = res.body.webhooks;
    expect(webhook.response_code).toBe(500);
    expect(webhook.response_body_truncated).toBe(true);
    expect(Buffer.byteLength(webhook.response_body, 'utf8')).toBeLessThanOrEqual(2_048);
    expect(webhook.response_body.length).toBeGreaterThan(1_000);
    // No C0 or C1 control character but tab, CR and LF survives; each became U+FFFD.
    // eslint-disable-next-line no-control-regex -- the characters it must not find
    expect(webhook.response_body).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
    expect(webhook.response_body).toContain('ok\uFFFD\uFFFD[31mred');
  });
});

describe('webhook endpoints', () => {
  it('sign with the new secret once it is rotated', async () => {
    const { merchant, endpoint, secret } = await merchantWithEndpoint();
    const rotated = await server.services.webhookEndpoints.rotateSecret(
      server.services.db,
      { organisationId: merchant.organisationId },
      endpoint.id,
    );
    expect(rotated.secret).not.toBe(secret);
    await createBlock(merchant);
    const before = receiver.received.length;
    await server.webhookWorker.runDue();
    const request = receiver.received[before]!;
    expect(signatureIsValid(request.raw, rotated.secret, request.headers['webhook-signature'])).toBe(true);
    expect(signatureIsValid(request.raw, secret, request.headers['webhook-signature'])).toBe(false);
  });

  it('send nothing while disabled; what was queued goes once enabled again', async () => {
    const { merchant, endpoint } = await merchantWithEndpoint();
    const scope = { organisationId: merchant.organisationId };
    await createBlock(merchant);
    await server.services.webhookEndpoints.disable(server.services.db, scope, endpoint.id);
    await createBlock(merchant);
    expect(await server.webhookWorker.runDue()).toBe(0);
    await server.services.webhookEndpoints.enable(server.services.db, scope, endpoint.id);
    expect(await server.webhookWorker.runDue()).toBe(1);
    expect(deliveriesOf(await webhookIdsOf(merchant)).flatMap((r) => r.body.events)).toHaveLength(1);
  });

  it("are one organisation's own: another cannot change them", async () => {
    const { endpoint } = await merchantWithEndpoint();
    const stranger = await server.merchant();
    await expect(
      server.services.webhookEndpoints.disable(
        server.services.db,
        { organisationId: stranger.organisationId },
        endpoint.id,
      ),
    ).rejects.toMatchObject({
      reason: 'resource_not_found',
    });
    expect(
      await server.services.webhookEndpoints.list(server.services.db, { organisationId: stranger.organisationId }),
    ).toEqual([]);
  });
});

describe('GET /webhooks and retry', () => {
  it('retry sends the same events again as a new delivery', async () => {
    const { merchant, secret } = await merchantWithEndpoint();
    await createBlock(merchant);
    await server.webhookWorker.runDue();
    const [original] = await webhookIdsOf(merchant);
    const first = deliveriesOf(new Set([original!]))[0]!;

    const res = await merchant.api.post(`/webhooks/${original}/actions/retry`, { data: {} });
    expect(res.status).toBe(200);
    const retry = res.body.webhooks;
    expect(retry.id).toMatch(/^WB[0-9A-Z]{26}$/);
    expect(retry.id).not.toBe(original);
    expect(retry.successful).toBe(false);
    await server.webhookWorker.runDue();

    const again = deliveriesOf(new Set([retry.id]));
    expect(again).toHaveLength(1);
    expect(again[0]!.body.events).toEqual(first.body.events);
    expect(again[0]!.body.meta.webhook_id).toBe(retry.id);
    expect(again[0]!.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
    expect(signatureIsValid(again[0]!.raw, secret, again[0]!.headers['webhook-signature'])).toBe(true);
    expect((await merchant.api.get(`/webhooks/${retry.id}`)).body.webhooks.successful).toBe(true);
  });

  it('retry needs a read_write token and an own webhook', async () => {
    const { merchant } = await merchantWithEndpoint();
    await createBlock(merchant);
    await server.webhookWorker.runDue();
    const [id] = await webhookIdsOf(merchant);
    const readOnly = await merchant.readOnly.post(`/webhooks/${id}/actions/retry`, { data: {} });
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.errors[0].reason).toBe('insufficient_permissions');
    const stranger = await server.merchant();
    const other = await stranger.api.post(`/webhooks/${id}/actions/retry`, { data: {} });
    expect(other.status).toBe(404);
    expect(other.body.error.errors[0].reason).toBe('resource_not_found');
    expect((await stranger.api.get(`/webhooks/${id}`)).status).toBe(404);
    expect((await stranger.api.get('/webhooks')).body.webhooks).toEqual([]);
  });

  it('refuses a retry before the first attempt and while the endpoint is disabled (retry_failed), making nothing', async () => {
    const { merchant, endpoint } = await merchantWithEndpoint();
    await createBlock(merchant);
    const scope = { organisationId: merchant.organisationId };
    // Batched but not yet sent: the worker's own first attempt is what it waits for.
    await server.services.db.transaction((tx) => server.services.webhooks.sendTest(tx, scope, endpoint.id));
    const [waiting] = await webhookIdsOf(merchant);
    const early = await merchant.api.post(`/webhooks/${waiting}/actions/retry`, { data: {} });
    expect(early.status).toBe(422);
    expect(early.body.error.type).toBe('invalid_state');
    expect(early.body.error.errors[0].reason).toBe('retry_failed');
    await server.webhookWorker.runDue();

    await server.services.webhookEndpoints.disable(server.services.db, scope, endpoint.id);
    const before = await webhookIdsOf(merchant);
    const disabled = await merchant.api.post(`/webhooks/${waiting}/actions/retry`, { data: {} });
    expect(disabled.status).toBe(422);
    expect(disabled.body.error.errors[0]).toMatchObject({
      reason: 'retry_failed',
      links: { webhook_endpoint: endpoint.id },
    });
    expect(await webhookIdsOf(merchant)).toEqual(before);

    await server.services.webhookEndpoints.enable(server.services.db, scope, endpoint.id);
    expect((await merchant.api.post(`/webhooks/${waiting}/actions/retry`, { data: {} })).status).toBe(200);
    await server.webhookWorker.runDue();
  });

  it('lists newest first with is_test, successful and created_at filters and cursors', async () => {
    const { merchant, endpoint } = await merchantWithEndpoint();
    await createBlock(merchant);
    await server.webhookWorker.runDue();
    clock.advance(60_000);
    const test = await server.services.webhooks.sendTest(
      server.services.db,
      { organisationId: merchant.organisationId },
      endpoint.id,
    );
    receiver.answer(() => ({ status: 410 }));
    await server.webhookWorker.runDue();
    receiver.answer(() => ({ status: 200 }));

    const all = (await merchant.api.get('/webhooks')).body;
    expect(all.webhooks).toHaveLength(2);
    expect(all.webhooks[0].id).toBe(test.id);
    expect(all.webhooks[0].is_test).toBe(true);
    expect(JSON.parse(all.webhooks[0].request_body).events[0]).toMatchObject({
      resource_type: 'organisations',
      action: 'webhook_test',
    });
    const ids = (query: string) =>
      merchant.api.get(`/webhooks?${query}`).then((r) => r.body.webhooks.map((w: { id: string }) => w.id));
    expect(await ids('is_test=true')).toEqual([test.id]);
    expect(await ids('is_test=false')).toEqual([all.webhooks[1].id]);
    expect(await ids('successful=true')).toEqual([all.webhooks[1].id]);
    expect(await ids('successful=false')).toEqual([test.id]);
    const since = encodeURIComponent(new Date(clock.now().getTime() - 1000).toISOString());
    expect(await ids(`created_at[gte]=${since}`)).toEqual([test.id]);
    const page1 = (await merchant.api.get('/webhooks?limit=1')).body;
    const page2 = (await merchant.api.get(`/webhooks?limit=1&after=${page1.meta.cursors.after}`)).body;
    expect(page2.webhooks.map((w: { id: string }) => w.id)).toEqual([all.webhooks[1].id]);
    expect(page2.meta.cursors.after).toBeNull();

    const bad = await merchant.api.get('/webhooks?is_test=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.error.errors[0].field).toBe('is_test');
    const unknown = await merchant.api.get('/webhooks?status=failed');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.errors[0].reason).toBe('invalid_type');
    expect((await merchant.api.get('/webhooks/WB00000000000000000000000000')).status).toBe(404);
  });
});
