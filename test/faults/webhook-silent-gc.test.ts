import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { ROOT } from '../support/processes';
import { startReceiver, type Receiver } from '../support/receiver';
import { apiFor, prepareStore, spawnServer, type Spawned, type SpawnedStore } from '../support/spawned';

/**
 * Issue 40.2, on the built server: a receiver that never answers, with a full garbage collection
 * every 250 ms (`--expose-gc` and test/support/force-gc.cjs). Ten deliveries to it are due at
 * start; it holds at most its share (2 of the worker's 8 slots) while another organisation's
 * event is delivered within 2 s, and its requests time out after WEBHOOK_TIMEOUT_MS and are
 * scheduled again. Before the fix the timeout (AbortSignal.timeout under AbortSignal.any) was
 * collected and never fired: the silent receiver kept all 8 slots for good.
 */
const TIMEOUT_MS = 4_000;
const SILENT_DELIVERIES = 10;
let silent: Receiver;
let store: SpawnedStore;
let server: Spawned | undefined;
let silentOrganisation = '';

beforeAll(async () => {
  silent = await startReceiver();
  silent.answer(() => 'hang');
  store = await prepareStore(async (seeder) => {
    const other = await seeder.merchant('Silent receiver Ltd');
    silentOrganisation = other.organisationId;
    const { services } = seeder;
    const { endpoint } = await services.webhookEndpoints.create(services.db, other.organisationId, silent.url);
    for (let i = 0; i < SILENT_DELIVERIES; i++)
      await services.db.transaction((tx) => services.webhooks.sendTest(tx, 'operator', endpoint.id));
  });
}, 120_000);
afterAll(async () => {
  await server?.kill();
  silent.answer(() => ({ status: 200 }));
  await silent?.close();
  await store?.close();
});

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
    await until(() => silent.received.length >= 2, 10_000, 'the silent receiver holds requests');
    const heldAt = Date.now();

    // Another organisation's event, while the silent one's requests hang and memory is collected.
    const started = Date.now();
    const block = await apiFor(server, store.token).post('/blocks', {
      blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: 'gc@example.com' },
    });
    expect(block.status).toBe(201);
    await until(() => store.receiver.received.length > 0, 2_000, 'the healthy endpoint got its event');
    expect(Date.now() - started).toBeLessThan(2_000);
    // Its share and no more, though ten of its deliveries are due.
    expect(silent.received.length).toBe(2);

    // The hung requests time out (the timer fired despite the collections) and the next two go out.
    await until(() => silent.received.length >= 4, TIMEOUT_MS + 6_000, 'the next silent deliveries go out');
    expect(Date.now() - heldAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 500);
    const metrics = (await new PageClient(server.url).get('/metrics')).html;
    expect(
      Number(/^bankflow_webhook_attempts_total\{outcome="no_response"\} (\d+)/m.exec(metrics)?.[1]),
    ).toBeGreaterThanOrEqual(2);

    expect(await server.stop()).toBe(0);
    server = undefined;
    const db = await store.open();
    try {
      const { rows } = await db.query<{ error: string; status: string; next_attempt_at: Date | null }>(
        `SELECT a.error, w.status, w.next_attempt_at FROM webhook_attempts a JOIN webhooks w ON w.id = a.webhook_id
         WHERE a.organisation_id = $1 ORDER BY a.attempted_at`,
        [silentOrganisation],
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows.slice(0, 2)) {
        expect(row.error).toBe(`timed out after ${TIMEOUT_MS} ms`);
        expect(row.status).toBe('retrying');
        expect(row.next_attempt_at).not.toBeNull();
      }
    } finally {
      await db.close();
    }
  }, 120_000);
});
