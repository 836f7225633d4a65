import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/db';
import { ManualClock } from '../../server/domain/shared/clock';
import { createIdGenerator } from '../../server/domain/shared/ids';
import { sendDelivery } from '../../server/jobs/webhook-attempt';
import { createWebhookWorker } from '../../server/jobs/webhook-delivery';
import type { WebhookSender } from '../../server/jobs/webhook-sender';
import { silentLogger } from '../../server/logger';
import { createTestDatabase } from '../support/database';
import { startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Restarts on one database: a server stopped mid-request, and a process that dies after claiming
 * (or after sending but before recording). The next server delivers everything; at least once.
 */
let db: Database;
let receiver: Receiver;
const clock = new ManualClock('2026-03-01T09:00:00.000Z');

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await db?.close();
});

// Each server here closes its handle on the shared database, not the database itself.
const start = (sender: WebhookSender) =>
  startTestServer({
    db: { ...db, close: async () => {} },
    clock,
    // No shutdown grace: these servers stop mid-request at once (the grace has its own test).
    env: { SHUTDOWN_GRACE_MS: '0' },
    webhookDelivery: { intervalMs: 0, sender },
  });

async function queueEvents(server: TestServer, count: number) {
  const merchant = await server.merchant();
  await server.services.webhookEndpoints.create(server.services.db, merchant.organisationId, receiver.url);
  const ids: string[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const event = await server.services.events.record(tx, {
        organisationId: merchant.organisationId,
        resourceType: 'blocks',
        action: 'created',
        links: { block: `BLC${i}` },
        details: { origin: 'api', cause: 'block_created', description: 'Restart.' },
      });
      ids.push(event.id);
    }
  });
  return { merchant, ids };
}

const undelivered = async (organisationId: string) =>
  (await db.query('SELECT 1 FROM webhook_outbox WHERE organisation_id = $1 AND delivered_at IS NULL', [organisationId]))
    .rows.length;

describe('webhooks across a restart', () => {
  it('a server stopped while requests are in flight loses nothing: the next one sends them', async () => {
    let inFlight!: () => void;
    const sending = new Promise<void>((resolve) => (inFlight = resolve));
    // Requests that never get an answer before the server stops.
    const stuck: WebhookSender = (_url, init) =>
      new Promise((_resolve, reject) => {
        inFlight();
        init.signal.addEventListener('abort', () => reject(init.signal.reason));
      });
    const first = await start(stuck);
    const { merchant, ids } = await queueEvents(first, 300);
    const before = receiver.received.length;
    const round = first.webhookWorker.runDue();
    await sending;
    await first.close();
    await round;
    expect(receiver.received.length).toBe(before);
    expect(await undelivered(merchant.organisationId)).toBe(300);

    const second = await start(receiver.sender());
    try {
      // Handed back at the stop: no lease to wait out.
      await second.webhookWorker.runDue();
      expect(new Set(receiver.received.slice(before).flatMap((r) => r.body.events.map((e) => e.id)))).toEqual(
        new Set(ids),
      );
      expect(await undelivered(merchant.organisationId)).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('a process that dies after claiming, or after sending but before recording, is covered by the lease', async () => {
    const setup = await start(receiver.sender());
    const { merchant, ids } = await queueEvents(setup, 300);
    await setup.close();

    // The process that dies: it claims both batches (committed), sends one, records nothing.
    const doomed = createWebhookWorker({
      db,
      clock,
      ids: createIdGenerator(clock),
      logger: silentLogger,
      sender: receiver.sender(),
    });
    const claimed = await doomed.claim();
    expect(claimed.map((c) => c.delivery.event_count).sort((a, b) => a - b)).toEqual([50, 250]);
    const before = receiver.received.length;
    const sent = await sendDelivery(claimed[0]!, {
      sender: receiver.sender(),
      clock,
      timeoutMs: 2000,
      stopping: new AbortController().signal,
    });
    expect(sent.ok).toBe(true);

    const next = await start(receiver.sender());
    try {
      // While the dead process's lease runs, nobody sends its batches a second time at once.
      expect(await next.webhookWorker.runDue()).toBe(0);
      clock.advance(60_000);
      expect(await next.webhookWorker.runDue()).toBe(2);
      const arrived = receiver.received.slice(before).flatMap((r) => r.body.events.map((e) => e.id));
      expect(new Set(arrived)).toEqual(new Set(ids));
      // At least once: the batch sent before the crash came twice; receivers deduplicate by event id.
      expect(arrived).toHaveLength(300 + claimed[0]!.delivery.event_count);
      expect(await undelivered(merchant.organisationId)).toBe(0);
      const webhooks = (await next.anonymous.withToken(merchant.token).get('/webhooks')).body.webhooks;
      expect(webhooks.map((w: { successful: boolean }) => w.successful)).toEqual([true, true]);
    } finally {
      await next.close();
    }
  });
});
