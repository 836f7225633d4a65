import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { ROOT } from '../support/processes';
import { startReceiver, type Receiver } from '../support/receiver';
import { apiFor, prepareStore, spawnServer, type Spawned, type SpawnedStore } from '../support/spawned';

/**
 * Issue 40.2, on the built server: two merchants with four receivers each that never answer, with
 * a full garbage collection every 250 ms (`--expose-gc` and test/support/force-gc.cjs). Twelve
 * deliveries to each merchant are due at start; each organisation holds its share (4, half the
 * slots), one request per endpoint as the endpoints take turns, so 8 requests hang at once, as many
 * as the worker has slots, while a third organisation's event is delivered within 2 s (a request
 * open past a second gives its slot back, decision 0063). The hung requests time out after
 * WEBHOOK_TIMEOUT_MS and are scheduled again, and the next eight hang in their place, again one
 * per endpoint (16 in all).
 * Before the fix the timeout (AbortSignal.timeout under AbortSignal.any) was collected and never
 * fired; before the organisation's share one merchant's endpoints held all 8 slots; before a slow
 * request gave its slot back the two merchants' held all 8; before endpoints took turns in the
 * claim two endpoints of each merchant got two requests each and the other two none.
 */
const TIMEOUT_MS = 4_000;
const SILENT_ORGANISATIONS = 2;
const SILENT_ENDPOINTS = 4;
const DELIVERIES_EACH = 3;
const silent: Receiver[] = [];
const silentByOrganisation: Receiver[][] = [];
let store: SpawnedStore;
let server: Spawned | undefined;
let silentOrganisation = '';

beforeAll(async () => {
  for (let o = 0; o < SILENT_ORGANISATIONS; o++) {
    const receivers: Receiver[] = [];
    for (let i = 0; i < SILENT_ENDPOINTS; i++) {
      const receiver = await startReceiver();
      receiver.answer(() => 'hang');
      receivers.push(receiver);
      silent.push(receiver);
    }
    silentByOrganisation.push(receivers);
  }
  store = await prepareStore(async (seeder) => {
    const { services } = seeder;
    for (const [o, receivers] of silentByOrganisation.entries()) {
      const other = await seeder.merchant(`Silent receiver ${o + 1} Ltd`);
      if (o === 0) silentOrganisation = other.organisationId;
      for (const receiver of receivers) {
        const { endpoint } = await services.webhookEndpoints.create(services.db, other.organisationId, receiver.url);
        for (let i = 0; i < DELIVERIES_EACH; i++)
          await services.db.transaction((tx) => services.webhooks.sendTest(tx, 'operator', endpoint.id));
      }
    }
  });
}, 120_000);
afterAll(async () => {
  await server?.kill();
  for (const receiver of silent) {
    receiver.answer(() => ({ status: 200 }));
    await receiver.close();
  }
  await store?.close();
});

/** Requests the silent merchants' receivers got, in all. */
const silentReceived = () => silent.reduce((n, r) => n + r.received.length, 0);
/** And per organisation, per endpoint. */
const perEndpoint = () => silentByOrganisation.map((receivers) => receivers.map((r) => r.received.length));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, withinMs: number, what: string) {
  const end = Date.now() + withinMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${withinMs} ms: ${what}`);
    await sleep(20);
  }
}

describe('a silent webhook receiver under forced garbage collection', () => {
  it('holds only its share of the slots, and its requests time out and are retried', async () => {
    server = await spawnServer({ ...store.env, WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) }, 60_000, {
      nodeArgs: ['--expose-gc', '--require', path.join(ROOT, 'test/support/force-gc.cjs')],
    });
    await until(() => silentReceived() >= 8, 10_000, 'the silent receivers hold as many requests as there are slots');
    // Let a claim that would overfill the slots (before the organisation's share) happen.
    await sleep(300);
    const heldAt = Date.now();

    // Another organisation's event, while the silent one's requests hang and memory is collected.
    const block = await apiFor(server, store.token).post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'gc@example.com' },
    });
    expect(block.status).toBe(201);
    // From the answer (the event committed before it): the request's own time under forced
    // collection on a loaded machine is the API's latency, not the delivery's.
    const started = Date.now();
    await until(() => store.receiver.received.length > 0, 2_000, 'the healthy endpoint got its event');
    expect(Date.now() - started).toBeLessThan(2_000);
    // Each organisation's share and no more, though twelve of its deliveries are due; no endpoint past its own.
    expect(silentReceived()).toBe(8);
    // Endpoints take turns: each of the four has a delivery due and its organisation room for four,
    // so each gets one, none two while another gets none.
    expect(perEndpoint()).toEqual(silentByOrganisation.map((receivers) => receivers.map(() => 1)));

    // The hung requests time out (the timer fired despite the collections) and the next eight go
    // out, one to each endpoint again.
    await until(() => silentReceived() >= 16, TIMEOUT_MS + 6_000, 'the next silent deliveries go out');
    await sleep(300);
    expect(perEndpoint()).toEqual(silentByOrganisation.map((receivers) => receivers.map(() => 2)));
    expect(Date.now() - heldAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 500);
    const metrics = (await new PageClient(server.url).get('/metrics')).html;
    expect(
      Number(/^bankflow_webhook_attempts_total\{outcome="no_response"\} (\d+)/m.exec(metrics)?.[1]),
    ).toBeGreaterThanOrEqual(8);

    expect(await server.stop()).toBe(0);
    server = undefined;
    const db = await store.open();
    try {
      const { rows } = await db.query<{ error: string; status: string; next_attempt_at: Date | null }>(
        `SELECT a.error, w.status, w.next_attempt_at FROM webhook_attempts a JOIN webhooks w ON w.id = a.webhook_id
         WHERE a.organisation_id = $1 ORDER BY a.attempted_at`,
        [silentOrganisation],
      );
      expect(rows.length).toBeGreaterThanOrEqual(4);
      for (const row of rows.slice(0, 4)) {
        expect(row.error).toBe(`timed out after ${TIMEOUT_MS} ms`);
        expect(row.status).toBe('retrying');
        expect(row.next_attempt_at).not.toBeNull();
      }
    } finally {
      await db.close();
    }
  }, 120_000);
});
