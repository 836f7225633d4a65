import { randomUUID } from 'node:crypto';
import type { Database } from '../db/db';
import { serializeEvent } from '../api/wire/events';
import type { Clock } from '../domain/shared/clock';
import type { IdGenerator } from '../domain/shared/ids';
import { recordAttempt, type Claimed } from '../domain/webhooks/attempts';
import { batchQueuedEvents, MAX_EVENTS_PER_WEBHOOK } from '../domain/webhooks/deliveries';
import { listEndpointsWithQueuedEvents } from '../domain/webhooks/outbox-queries';
import { leaseDueDeliveries, releaseLease } from '../domain/webhooks/queries';
import type { Logger } from '../logger';
import type { OutcomeCounts } from '../outcome-counts';
import { sendDelivery } from './webhook-attempt';
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
  /** Of those, how many one endpoint may hold (default a quarter, at least 1): a silent receiver holds only its share. */
  perEndpoint?: number;
  /**
   * And how many all of one organisation's endpoints may hold together (default half, at least
   * `perEndpoint`): a merchant with many silent endpoints still leaves the other half to the rest.
   */
  perOrganisation?: number;
  /**
   * A request open this long gives its slot back (it still counts against its endpoint's and its
   * organisation's share): a receiver that has not answered by then is waited for beside the
   * slots, so organisations with silent receivers together cannot fill them (decision 0063).
   */
  slowAfterMs?: number;
  /** Requests open at once, those past `slowAfterMs` too (default four times `concurrency`): what a process keeps open. */
  maxOpen?: number;
  /** Sandbox only (WEBHOOK_ALLOW_LOOPBACK): the default sender may connect to loopback. */
  allowLoopback?: boolean;
  /** After this long since a delivery was made, a failure is final (it can still be retried by hand). */
  retryPeriodMs?: number;
  /** Each attempt's outcome, for the metrics. */
  counts?: OutcomeCounts;
}

/** Requests in flight, per endpoint and per organisation. */
interface Held {
  endpoints: Map<string, number>;
  organisations: Map<string, number>;
}

/** What one claim may still take: who is at their share already, and whether one more fits. */
interface Share {
  full: { endpoints: string[]; organisations: string[] };
  room(endpointId: string, organisationId: string): boolean;
  take(claimed: Claimed): void;
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
  const sender = options.sender ?? createHttpsSender({ allowLoopback: options.allowLoopback });
  const timeoutMs = options.timeoutMs ?? 10_000;
  const leaseMs = Math.max(options.leaseMs ?? 60_000, timeoutMs * 2);
  const concurrency = options.concurrency ?? 8;
  const perEndpoint = Math.max(1, Math.min(concurrency, options.perEndpoint ?? Math.floor(concurrency / 4)));
  const perOrganisation = Math.max(
    perEndpoint,
    Math.min(concurrency, options.perOrganisation ?? Math.floor(concurrency / 2)),
  );
  const slowAfterMs = options.slowAfterMs ?? Math.min(1_000, timeoutMs);
  const maxOpen = Math.max(concurrency, options.maxOpen ?? concurrency * 4);
  const retryPeriodMs = options.retryPeriodMs ?? 72 * 3_600_000;
  let stopping = new AbortController();
  // Set when shutting down: no new rounds and no new requests; those in flight may finish.
  let draining = false;

  const lease = () => ({ token: randomUUID(), leaseExpiresAt: new Date(clock.now().getTime() + leaseMs) });

  /** Due deliveries of enabled endpoints whose lease is free or ran out, endpoints in turn and within `held`'s shares. */
  async function claimDue(limit: number, held?: Held): Promise<Claimed[]> {
    const claim = lease();
    const shares = held && { perEndpoint, perOrganisation, ...held };
    const rows = await leaseDueDeliveries(db, clock.now(), limit, claim, shares);
    return rows.map(({ secret, ...delivery }) => ({ delivery, secret, token: claim.token }));
  }

  /** Makes (and claims) one delivery of up to 250 queued events of an endpoint, in one transaction. */
  const batchOne = (endpointId: string): Promise<Claimed | undefined> =>
    db.transaction((tx) =>
      batchQueuedEvents(tx, { ids: options.ids, clock }, endpointId, lease(), { event: serializeEvent }),
    );

  /** Up to `limit` new deliveries from queued events, taking endpoints in turn so one backlog does not starve the rest. */
  async function batchQueued(limit: number, share: Share): Promise<Claimed[]> {
    let active = await listEndpointsWithQueuedEvents(db, limit, share.full);
    const claimed: Claimed[] = [];
    while (active.length && claimed.length < limit) {
      const still: typeof active = [];
      for (const endpoint of active) {
        if (claimed.length >= limit) break;
        if (!share.room(endpoint.endpoint_id, endpoint.organisation_id)) continue;
        const made = await batchOne(endpoint.endpoint_id);
        if (made) {
          share.take(made);
          claimed.push(made);
        }
        if (made?.delivery.event_count === MAX_EVENTS_PER_WEBHOOK) still.push(endpoint);
      }
      active = still;
    }
    return claimed;
  }

  /**
   * What a claim may still take, given `held` (requests in flight per endpoint and per
   * organisation): no endpoint more than `perEndpoint`, no organisation more than `perOrganisation`.
   * Without `held` (runDue, tests), anything.
   */
  function shareOf(held?: Held): Share {
    const endpoints = new Map(held?.endpoints ?? []);
    const organisations = new Map(held?.organisations ?? []);
    const atCap = (counts: Map<string, number>, cap: number) =>
      [...counts].filter(([, n]) => n >= cap).map(([id]) => id);
    return {
      full: {
        endpoints: held ? atCap(endpoints, perEndpoint) : [],
        organisations: held ? atCap(organisations, perOrganisation) : [],
      },
      room: (endpointId, organisationId) =>
        !held ||
        ((endpoints.get(endpointId) ?? 0) < perEndpoint && (organisations.get(organisationId) ?? 0) < perOrganisation),
      take({ delivery }) {
        endpoints.set(delivery.endpoint_id, (endpoints.get(delivery.endpoint_id) ?? 0) + 1);
        organisations.set(delivery.organisation_id, (organisations.get(delivery.organisation_id) ?? 0) + 1);
      },
    };
  }

  /**
   * Claims what it can (committed before any request is made). With `held`, no endpoint and no
   * organisation gets more than its share of the requests in flight: due deliveries are taken
   * within the shares, endpoints in turn (in SQL); queued batches skip one at its share; anything
   * past a share is still handed straight back.
   */
  async function claim(limit = concurrency * 4, held?: Held): Promise<Claimed[]> {
    const share = shareOf(held);
    const kept: Claimed[] = [];
    for (const item of await claimDue(limit, held)) {
      if (!share.room(item.delivery.endpoint_id, item.delivery.organisation_id)) {
        await releaseLease(db, item.delivery.id, item.token);
        continue;
      }
      share.take(item);
      kept.push(item);
    }
    const made = await batchQueued(Math.max(1, limit - kept.length), share);
    return [...kept, ...made];
  }

  async function deliverOne(item: Claimed): Promise<void> {
    const signal = stopping.signal;
    const outcome = await sendDelivery(item, { sender, clock, timeoutMs, stopping: signal });
    if (signal.aborted) {
      // Stopped mid-request: hand the delivery back at once instead of waiting out the lease.
      await releaseLease(db, item.delivery.id, item.token);
      return;
    }
    options.counts?.webhookAttempt(outcome);
    const { attempt, nextAttemptAt } = await db.transaction((tx) =>
      recordAttempt(tx, { clock, ids: options.ids }, item, outcome, retryPeriodMs),
    );
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
        if (draining) {
          // Claimed but not yet sent when shutdown began: hand it back for the next process.
          await releaseLease(db, item.delivery.id, item.token).catch(() => {});
          continue;
        }
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
      for (let i = 0; i < rounds && !stopping.signal.aborted && !draining; i++) {
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
      draining = false;
      // Each request holds one of `concurrency` slots, and the next claim does not wait for the
      // slowest request of the last: a receiver that never answers holds its slot until the
      // timeout, and at most `perEndpoint` slots, and all of one organisation's endpoints at most
      // `perOrganisation` (issue 40.2), while every other delivery goes out in the free ones. One
      // open past `slowAfterMs` gives its slot back but stays open (and counted in its shares),
      // up to `maxOpen` in all, so two merchants' silent receivers cannot hold every slot.
      let busy = 0;
      let open = 0;
      const held: Held = { endpoints: new Map(), organisations: new Map() };
      const count = (counts: Map<string, number>, id: string, by: number) => {
        const n = (counts.get(id) ?? 0) + by;
        if (n > 0) counts.set(id, n);
        else counts.delete(id);
      };
      const dispatch = async () => {
        while (!draining && !stopping.signal.aborted && busy < concurrency && open < maxOpen) {
          const items = await claim(Math.min(concurrency - busy, maxOpen - open), held);
          if (!items.length) return;
          for (const item of items) {
            const { endpoint_id: endpointId, organisation_id: organisationId } = item.delivery;
            busy++;
            open++;
            let slotHeld = true;
            const slow = setTimeout(() => {
              slotHeld = false;
              busy--;
            }, slowAfterMs);
            slow.unref();
            count(held.endpoints, endpointId, 1);
            count(held.organisations, organisationId, 1);
            const sent = deliver([item]).then(
              () => 0,
              () => 0,
            );
            running.add(sent);
            void sent.finally(() => {
              clearTimeout(slow);
              if (slotHeld) busy--;
              open--;
              count(held.endpoints, endpointId, -1);
              count(held.organisations, organisationId, -1);
              running.delete(sent);
            });
          }
        }
      };
      const tick = () => {
        dispatch()
          .catch((error) => logger.error('webhook worker failed', { error: String(error) }))
          .finally(() => {
            if (stopping.signal.aborted || draining) return;
            timer = setTimeout(tick, intervalMs);
            timer.unref();
          });
      };
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    },
    /**
     * Stops taking work; requests in flight get up to `graceMs` to finish (and be recorded), then
     * are aborted and their deliveries handed back. Resolves once nothing is running.
     */
    async stop(graceMs = 0) {
      draining = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      // Cut just before an attempt would time out, so it is handed back rather than recorded as failed.
      graceMs = Math.min(graceMs, timeoutMs - 500);
      if (graceMs > 0 && running.size) {
        let timeout: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...running]),
          new Promise((resolve) => (timeout = setTimeout(resolve, graceMs))),
        ]);
        clearTimeout(timeout);
      }
      stopping.abort();
      await Promise.allSettled([...running]);
    },
  };
}

export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
