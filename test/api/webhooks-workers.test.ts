import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type Database } from '../../server/db/db';
import { ManualClock } from '../../server/domain/shared/clock';
import { createIdGenerator } from '../../server/domain/shared/ids';
import { createWebhookWorker, type WebhookWorker } from '../../server/jobs/webhook-delivery';
import type { WebhookSender } from '../../server/jobs/webhook-sender';
import { silentLogger } from '../../server/logger';
import { createTestDatabase, testStore } from '../support/database';
import { startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Two delivery workers on one database, each with its own connection pool on Postgres (as two
 * processes would have), running at the same time. On PGlite there is one connection, so this is
 * trivially serial, and must still hold.
 */
let db: Database & { url?: string };
let second: Database;
let server: TestServer;
let receiver: Receiver;
const clock = new ManualClock('2026-03-01T09:00:00.000Z');

// Every request any worker makes, and any webhook id seen in flight twice at once.
const inFlight = new Set<string>();
const overlaps: string[] = [];
const sends: { webhookId: string; worker: string }[] = [];

function tracking(worker: string, real: WebhookSender): WebhookSender {
  return async (url, init) => {
    const webhookId = (JSON.parse(init.body) as { meta: { webhook_id: string } }).meta.webhook_id;
    if (inFlight.has(webhookId)) overlaps.push(webhookId);
    inFlight.add(webhookId);
    sends.push({ webhookId, worker });
    try {
      // Long enough for the other worker to look for work meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 5));
      return await real(url, init);
    } finally {
      inFlight.delete(webhookId);
    }
  };
}

let workers: WebhookWorker[];

beforeAll(async () => {
  db = await createTestDatabase();
  second = testStore() === 'postgres' ? createPostgresDatabase(db.url!, { max: 8 }) : db;
  receiver = await startReceiver();
  server = await startTestServer({ db, clock, webhookDelivery: { intervalMs: 0 } });
  workers = [db, second].map((handle, i) =>
    createWebhookWorker({
      db: handle,
      clock,
      ids: createIdGenerator(clock),
      logger: silentLogger,
      sender: tracking(`worker ${i}`, receiver.sender()),
      concurrency: 4,
    }),
  );
});
afterAll(async () => {
  await server?.close();
  if (second && second !== db) await second.close();
  await receiver?.close();
});

async function queue(count: number): Promise<{ organisationId: string; ids: string[] }> {
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
        details: { origin: 'api', cause: 'block_created', description: 'Concurrency.' },
      });
      ids.push(event.id);
    }
  });
  return { organisationId: merchant.organisationId, ids };
}

/** Both workers at once, several rounds each, until neither finds anything. */
async function runBoth() {
  for (let i = 0; i < 10; i++) {
    const done = await Promise.all(workers.flatMap((w) => [w.runDue(), w.runDue()]));
    if (done.every((n) => n === 0)) return;
  }
}

describe('two delivery workers on one database', () => {
  it('never send one batch twice at once, and every event goes out exactly once when all succeed', async () => {
    const a = await queue(1500);
    const b = await queue(400);
    const before = receiver.received.length;
    await runBoth();

    expect(overlaps).toEqual([]);
    const requests = receiver.received.slice(before);
    expect(Math.max(...requests.map((r) => r.body.events.length))).toBeLessThanOrEqual(250);
    const arrived = requests.flatMap((r) => r.body.events.map((e) => e.id));
    expect(arrived).toHaveLength(1900);
    expect(new Set(arrived)).toEqual(new Set([...a.ids, ...b.ids]));
    expect(new Set(requests.map((r) => r.body.meta.webhook_id)).size).toBe(requests.length);
  });

  it('share retries the same way: each due delivery is sent by one worker, and every attempt is recorded', async () => {
    const { organisationId, ids } = await queue(1000);
    const failedOnce = new Set<string>();
    receiver.answer((request) => {
      const id = request.body.meta.webhook_id;
      if (failedOnce.has(id)) return { status: 200 };
      failedOnce.add(id);
      return { status: 503 };
    });
    const before = sends.length;
    await runBoth();
    clock.advance(30_000);
    await runBoth();
    receiver.answer(() => ({ status: 200 }));

    expect(overlaps).toEqual([]);
    const mine = sends.slice(before);
    const perWebhook = new Map<string, number>();
    for (const s of mine) perWebhook.set(s.webhookId, (perWebhook.get(s.webhookId) ?? 0) + 1);
    expect([...perWebhook.values()].every((n) => n === 2)).toBe(true);
    expect(perWebhook.size).toBe(4);

    const { rows } = await db.query<{ webhook_id: string; n: number }>(
      'SELECT webhook_id, count(*)::int AS n FROM webhook_attempts WHERE organisation_id = $1 GROUP BY webhook_id',
      [organisationId],
    );
    expect(Object.fromEntries(rows.map((r) => [r.webhook_id, r.n]))).toEqual(Object.fromEntries(perWebhook));
    const pending = await db.query('SELECT 1 FROM webhook_outbox WHERE organisation_id = $1 AND delivered_at IS NULL', [
      organisationId,
    ]);
    expect(pending.rows).toEqual([]);
    expect(ids).toHaveLength(1000);
  });
});
