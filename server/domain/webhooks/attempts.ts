import type { Queryable } from '../../db/db';
import type { Actor } from '../shared/actor';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import { applyMove } from '../shared/state-machine';
import { insertAttempt, markEventsDelivered } from './outbox-queries';
import { bringRetriesForward, countAttempt, writeLatestAnswer, type DeliveryAnswer } from './queries';
import { WEBHOOK_DELIVERY_MACHINE } from './state';
import type { WebhookRow } from './types';

/** A delivery a worker holds the lease of, with what it needs to send it. */
export interface Claimed {
  delivery: WebhookRow;
  secret: string;
  token: string;
}

/** What one send of a delivery came to: an answer (any status) or why there was none. */
export interface AttemptOutcome extends DeliveryAnswer {
  attemptedAt: Date;
  durationMs: number;
  ok: boolean;
  error?: string;
}

/** The excerpt of an answer each attempt row keeps (the delivery keeps more of the latest). */
const ATTEMPT_BODY_LIMIT = 1_000;

/** Delay before the next attempt after `attempts` failures: 30 s, doubling, at most 6 hours. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 6 * 3_600_000);

/** The worker acts for the operator, not for a merchant. */
const workerActor = (delivery: WebhookRow): Actor => ({
  organisationId: delivery.organisation_id,
  origin: 'gocardless',
  source: { type: 'gc_team' },
});

/**
 * Records an attempt in the caller's transaction: the attempt row, the delivery's latest answer
 * and its move (succeeded; retrying at the next backoff; or failed, past the retry period), its
 * events marked delivered, and the lease released. If the lease ran out meanwhile and another
 * worker took the delivery over, only the attempt (and a success) is recorded: the schedule is
 * that worker's. A failed attempt never undoes a success.
 */
export async function recordAttempt(
  tx: Queryable,
  ctx: { clock: Clock; ids: IdGenerator },
  claimed: Claimed,
  outcome: AttemptOutcome,
  retryPeriodMs: number,
): Promise<{ attempt: number; nextAttemptAt: Date | null }> {
  const { delivery, token } = claimed;
  const now = ctx.clock.now();
  const current = await countAttempt(tx, delivery.id, now);
  await insertAttempt(tx, {
    webhook_id: delivery.id,
    attempt: current.attempts,
    organisation_id: delivery.organisation_id,
    attempted_at: outcome.attemptedAt,
    duration_ms: outcome.durationMs,
    response_code: outcome.status ?? null,
    response_body:
      outcome.body === undefined
        ? null
        : // Cut in UTF-16: a pair cut in half becomes U+FFFD through the UTF-8 round trip.
          Buffer.from(outcome.body.slice(0, ATTEMPT_BODY_LIMIT), 'utf8').toString('utf8'),
    error: outcome.error ?? null,
    successful: outcome.ok,
  });
  const leaseHeld = current.claim_token === token;
  if (leaseHeld) await writeLatestAnswer(tx, delivery.id, outcome);

  const actor = workerActor(current);
  let nextAttemptAt: Date | null = null;
  if (outcome.ok) {
    await applyMove(tx, ctx, WEBHOOK_DELIVERY_MACHINE, current, 'succeed', { actor, set: { next_attempt_at: null } });
    await markEventsDelivered(tx, delivery.id, now);
    // The endpoint answers again: what waits in backoff for it goes now, not hours later.
    await bringRetriesForward(tx, delivery.organisation_id, delivery.endpoint_id, now);
  } else if (leaseHeld && (current.status === 'pending' || current.status === 'retrying')) {
    const retryAt = new Date(now.getTime() + retryDelayMs(current.attempts));
    const giveUp = retryAt.getTime() > delivery.created_at.getTime() + retryPeriodMs;
    if (!giveUp) nextAttemptAt = retryAt;
    await applyMove(tx, ctx, WEBHOOK_DELIVERY_MACHINE, current, giveUp ? 'give_up' : 'retry_later', {
      actor,
      set: { next_attempt_at: nextAttemptAt },
    });
  }
  return { attempt: current.attempts, nextAttemptAt };
}
