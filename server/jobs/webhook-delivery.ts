import { randomUUID } from 'node:crypto';
import type { Database } from '../db/db';
import { serializeEvent } from '../domain/events/serialize';
import type { EventRow } from '../domain/events/types';
import type { Clock } from '../domain/shared/clock';
import type { IdGenerator } from '../domain/shared/ids';
import { insertDelivery, MAX_EVENTS_PER_WEBHOOK } from '../domain/webhooks/deliveries';
import type { WebhookEndpointRow, WebhookRow } from '../domain/webhooks/types';
import type { Logger } from '../logger';
import { recordAttempt, sendDelivery, type Claimed } from './webhook-attempt';
import { createHttpsSender, type WebhookSender } from './webhook-sender';

export interface WebhookWorkerOptions {
  db: Database;
  clock: Clock;
  ids: IdGenerator;
  logger: Logger;
  /** How requests go out; default node:https with TLS verified (see createHttpsSender). */
  sender?: WebhookSender;
  /** Per request. */
  timeoutMs?: number;
  /** How long a claimed delivery stays the claimer's; longer than a request can take. */
  leaseMs?: number;
  /** Requests in flight at once per process. */
  concurrency?: number;
  /** After this long since a delivery was made, a failure is final (it can still be retried by hand). */
  retryPeriodMs?: number;
}

/**
 * Delivers the webhook outbox. Each round: (1) claim — in short transactions that commit before
 * any request: due deliveries (retries, and ones whose claimer's lease ran out, i.e. it crashed)
 * and new batches of up to 250 queued events per endpoint, taken with FOR UPDATE SKIP LOCKED so
 * two processes never claim the same events or delivery; (2) send, outside any transaction;
 * (3) record each attempt in its own transaction. At least once: a crash between (2) and (3)
 * sends that batch again after the lease; receivers deduplicate by event id.
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const { db, clock, logger } = options;
  const sender = options.sender ?? createHttpsSender();
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = Math.max(options.leaseMs ?? 60_000, timeoutMs * 2);
  const concurrency = options.concurrency ?? 8;
  const retryPeriodMs = options.retryPeriodMs ?? 72 * 3_600_000;
  let stopping = new AbortController();

  const lease = () => ({ token: randomUUID(), leaseExpiresAt: new Date(clock.now().getTime() + leaseMs) });

  /** Due deliveries of enabled endpoints whose lease is free or ran out. */
  async function claimDue(limit: number): Promise<Claimed[]> {
    const { token, leaseExpiresAt } = lease();
    const { rows } = await db.query<WebhookRow & { secret: string }>(
      `UPDATE webhooks w SET lease_expires_at = $3, claim_token = $4
       FROM (SELECT d.id, e.secret FROM webhooks d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
             WHERE d.next_attempt_at <= $1 AND (d.lease_expires_at IS NULL OR d.lease_expires_at <= $1)
             ORDER BY d.next_attempt_at LIMIT $2 FOR UPDATE OF d SKIP LOCKED) due
       WHERE w.id = due.id RETURNING w.*, due.secret`,
      [clock.now(), limit, leaseExpiresAt, token],
    );
    return rows.map(({ secret, ...delivery }) => ({ delivery, secret, token }));
  }

  /** Makes (and claims) one delivery of up to 250 queued events of an endpoint, in one transaction. */
  function batchOne(endpointId: string): Promise<Claimed | undefined> {
    return db.transaction(async (tx) => {
      const { rows: queued } = await tx.query<{ event_id: string }>(
        `SELECT event_id FROM webhook_outbox WHERE endpoint_id = $1 AND webhook_id IS NULL
         ORDER BY event_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [endpointId, MAX_EVENTS_PER_WEBHOOK],
      );
      if (!queued.length) return undefined;
      const { rows: found } = await tx.query<WebhookEndpointRow>(
        'SELECT * FROM webhook_endpoints WHERE id = $1 AND enabled',
        [endpointId],
      );
      const endpoint = found[0];
      if (!endpoint) return undefined;
      const ids = queued.map((q) => q.event_id);
      const { rows: events } = await tx.query<EventRow>(
        'SELECT * FROM events WHERE organisation_id = $1 AND id = ANY($2) ORDER BY id',
        [endpoint.organisation_id, ids],
      );
      const claim = lease();
      const delivery = await insertDelivery(
        tx,
        { ids: options.ids, clock },
        { endpoint, events: events.map(serializeEvent), claim },
      );
      await tx.query('UPDATE webhook_outbox SET webhook_id = $1 WHERE endpoint_id = $2 AND event_id = ANY($3)', [
        delivery.id,
        endpointId,
        ids,
      ]);
      return { delivery, secret: endpoint.secret, token: claim.token };
    });
  }

  /** Up to `limit` new deliveries from queued events, taking endpoints in turn so one backlog does not starve the rest. */
  async function batchQueued(limit: number): Promise<Claimed[]> {
    const { rows } = await db.query<{ endpoint_id: string }>(
      `SELECT DISTINCT o.endpoint_id FROM webhook_outbox o JOIN webhook_endpoints e ON e.id = o.endpoint_id AND e.enabled
       WHERE o.webhook_id IS NULL LIMIT $1`,
      [limit],
    );
    let active = rows.map((r) => r.endpoint_id);
    const claimed: Claimed[] = [];
    while (active.length && claimed.length < limit) {
      const still: string[] = [];
      for (const endpointId of active) {
        if (claimed.length >= limit) break;
        const made = await batchOne(endpointId);
        if (made) claimed.push(made);
        if (made?.delivery.event_count === MAX_EVENTS_PER_WEBHOOK) still.push(endpointId);
      }
      active = still;
    }
    return claimed;
  }

  /** Claims what it can (committed before any request is made). */
  async function claim(limit = concurrency * 4): Promise<Claimed[]> {
    const due = await claimDue(limit);
    return [...due, ...(await batchQueued(Math.max(1, limit - due.length)))];
  }

  async function deliverOne(item: Claimed): Promise<void> {
    const signal = stopping.signal;
    const outcome = await sendDelivery(item, { sender, clock, timeoutMs, stopping: signal });
    if (signal.aborted) {
      // Stopped mid-request: hand the delivery back at once instead of waiting out the lease.
      await db.query(
        'UPDATE webhooks SET lease_expires_at = NULL, claim_token = NULL WHERE id = $1 AND claim_token = $2',
        [item.delivery.id, item.token],
      );
      return;
    }
    const { attempt, nextAttemptAt } = await recordAttempt(db, clock, item, outcome, retryPeriodMs);
    const fields = {
      webhook: item.delivery.id,
      endpoint: item.delivery.endpoint_id,
      attempt,
      status: outcome.status,
      error: outcome.error,
    };
    if (outcome.ok)
      logger.debug('webhook delivered', { ...fields, events: item.delivery.event_count, ms: outcome.durationMs });
    else logger.warn('webhook attempt failed', { ...fields, next_attempt_at: nextAttemptAt?.toISOString() ?? null });
  }

  /** Sends claimed deliveries, `concurrency` at a time. */
  async function deliver(items: Claimed[]): Promise<void> {
    const queue = [...items];
    const lane = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        await deliverOne(item).catch((error) =>
          logger.error('webhook delivery failed', {
            webhook: item!.delivery.id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  }

  // Rounds under way (the timer's, or a caller's), so stop() can wait for them to hand work back.
  const running = new Set<Promise<number>>();

  /** Claims and sends until nothing is due (at most `rounds` rounds); returns deliveries attempted. */
  function runDue(rounds = 50): Promise<number> {
    const run = (async () => {
      let attempted = 0;
      for (let i = 0; i < rounds && !stopping.signal.aborted; i++) {
        const items = await claim();
        if (!items.length) break;
        await deliver(items);
        attempted += items.length;
      }
      return attempted;
    })();
    running.add(run);
    void run.finally(() => running.delete(run)).catch(() => {});
    return run;
  }

  let timer: NodeJS.Timeout | undefined;
  return {
    claim,
    deliver,
    runDue,
    start(intervalMs: number) {
      stopping = new AbortController();
      const tick = () => {
        runDue()
          .catch((error) => logger.error('webhook worker failed', { error: String(error) }))
          .finally(() => {
            if (stopping.signal.aborted) return;
            timer = setTimeout(tick, intervalMs);
            timer.unref();
          });
      };
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    },
    /** Stops taking work, aborts requests in flight (their deliveries are handed back), and waits. */
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await Promise.allSettled([...running]);
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
