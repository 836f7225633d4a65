import type { Database, Queryable } from '../db/db';
import { withSavepoint } from '../db/savepoint';
import type { Logger } from '../logger';
import type { OutcomeCounts } from '../outcome-counts';
import { createJobLease } from './job-lease';
import { pollingLoop } from './polling-loop';
import type { Clock } from '../domain/shared/clock';
import { takesFundsLock } from '../domain/payments/bank';
import { listClockedOrganisations } from '../domain/access/queries';
import {
  claimDueTransitions,
  type ClockScope,
  deleteTransitions,
  recordTransitionFailure,
  type ClockWork,
  type ScheduledTransition,
} from '../domain/shared/schedule';

export type TransitionHandler = (tx: Queryable, item: ScheduledTransition) => Promise<void>;
export type TransitionHandlers = Partial<Record<ScheduledTransition['resource_type'], TransitionHandler>>;

/**
 * The clock's handlers, from the services: each service whose machine's moves the clock applies
 * declares it as `clockWork`, keyed here by the machine's resource type (the type its bookings
 * carry), so no map of names is kept by hand. Two services for one resource type is a wiring error.
 */
export function schemeClockHandlers(services: object): TransitionHandlers {
  const handlers: TransitionHandlers = {};
  for (const service of Object.values(services)) {
    const work = (service as { clockWork?: ClockWork } | null | undefined)?.clockWork;
    if (!work) continue;
    const type = work.machine.resourceType;
    if (handlers[type]) throw new Error(`two services apply the scheme clock's moves of ${type}`);
    handlers[type] = work.apply;
  }
  return handlers;
}

/**
 * How many due moves one transaction claims on Postgres (PGlite: one, see below). Small on
 * purpose: a claimed batch is applied by one runner alone, so a large one leaves the other runners
 * (other processes) idle; ten cuts the commits and claims tenfold and still spreads a busy day
 * (docs/benchmarks-recurring.md).
 */
export const DEFAULT_BATCH_SIZE = 10;

/**
 * A batch holds every lock its moves took until it commits, so two batches can wait on each other
 * (one confirming a payment locks its mandate, the other creating a payment on that mandate).
 * Rather than wait for Postgres's deadlock detection (a second each), a batch waits at most this
 * long for a lock, then rolls back whole and the clock applies one move per transaction instead.
 */
const BATCH_LOCK_TIMEOUT_MS = 100;
// Serialisation failure, deadlock, lock wait over the batch's limit: not the move's fault.
const RETRY_WHOLE_BATCH = new Set(['40001', '40P01', '55P03']);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Applies due scheduled moves (mandate submission and activation, payment submission,
 * confirmation and payout, subscription payments…). One transaction claims a batch of due moves
 * `FOR UPDATE SKIP LOCKED`, so several processes share the work without applying a move twice,
 * and applies each in its own savepoint with its event: a move that fails rolls back alone, is
 * counted and retried later with a growing delay, and the rest of its batch still commits.
 * A move that may lock a payment account (`takesFundsLock`) is applied only first in its
 * transaction, before any payment is locked; the batch stops before a second one.
 */
export function createSchemeClock(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  handlers: TransitionHandlers;
  batchSize?: number;
  /** Each committed batch's applied and failed moves, for the metrics. */
  counts?: OutcomeCounts;
  /**
   * One organisation's moves only: a sandbox test clock's advance (server/sandbox-clocks.ts). A move
   * that fails is not taken again by this clock. Without it the clock passes over every
   * organisation that has a test clock, whose time is its own (decision 0079).
   */
  organisationId?: string;
}) {
  const { db, clock, logger, handlers } = deps;
  // PGlite is one connection in this process: a batch holds it, and every request behind it,
  // until it commits, while its commits cost no fsync and there is no other runner to share with.
  // One move per transaction there keeps a request's wait to one move (decision 0048).
  const batchSize = deps.batchSize ?? (db.kind === 'pglite' ? 1 : DEFAULT_BATCH_SIZE);

  const failedHere = new Set<string>();

  async function applyItem(tx: Queryable, item: ScheduledTransition): Promise<boolean> {
    try {
      await withSavepoint(tx, async () => {
        const handler = handlers[item.resource_type];
        if (!handler) throw new Error(`no scheduled moves for ${item.resource_type}`);
        await handler(tx, item);
      });
      return true;
    } catch (error) {
      // A lock conflict is not the move's fault: the whole batch rolls back (the store retries a
      // deadlock, server/db/db.ts; runDue falls back to single moves), nothing counted as failed.
      if (RETRY_WHOLE_BATCH.has((error as { code?: string }).code ?? '')) throw error;
      const attempts = item.attempts + 1;
      const delayMs = Math.min(60 * 60_000, 1000 * 2 ** attempts);
      logger.error('scheduled transition failed', {
        id: item.id,
        resource: item.resource_id,
        transition: item.transition,
        attempts,
        error: messageOf(error),
      });
      await recordTransitionFailure(tx, {
        id: item.id,
        attempts,
        error: messageOf(error),
        retryAt: new Date(clock.now().getTime() + delayMs),
      });
      if (deps.organisationId) failedHere.add(item.id);
      return false;
    }
  }

  /** One transaction: claims a batch, applies it; the moves left unapplied are released at commit. */
  async function applyBatch(
    size: number,
    scope: ClockScope,
  ): Promise<{ claimed: number; applied: number; failed: number }> {
    return db.transaction(async (tx) => {
      if (size > 1) await tx.query(`SET LOCAL lock_timeout = '${BATCH_LOCK_TIMEOUT_MS}ms'`);
      return applyIn(tx, size, scope);
    });
  }

  /** Claims a batch in the caller's transaction and applies it, each move in its savepoint. */
  async function applyIn(
    tx: Queryable,
    size: number,
    scope: ClockScope,
  ): Promise<{ claimed: number; applied: number; failed: number }> {
    return applyClaimed(tx, await claimDueTransitions(tx, clock.now(), size, scope));
  }

  async function applyClaimed(
    tx: Queryable,
    items: ScheduledTransition[],
  ): Promise<{ claimed: number; applied: number; failed: number }> {
    const applied: string[] = [];
    let failed = 0;
    for (const [index, item] of items.entries()) {
      if (index > 0 && takesFundsLock(item)) break;
      if (await applyItem(tx, item)) applied.push(item.id);
      else failed++;
    }
    await deleteTransitions(tx, applied);
    return { claimed: items.length, applied: applied.length, failed };
  }

  /**
   * A test clock advance's next stage, in the caller's transaction (decision 0090): claims the
   * organisation's earliest moves due by `until`, has the clock moved to when the first falls due
   * (`stageAt`: never before where the advance stands), and applies the batch due by then, each
   * move in its savepoint. Null when nothing is due by `until`. Counted by the caller once its
   * transaction commits.
   */
  async function applyNextIn(
    tx: Queryable,
    until: Date,
    stageAt: (firstDue: Date) => Date,
  ): Promise<{ stage: Date; applied: number; failed: number } | null> {
    const organisationId = deps.organisationId;
    if (!organisationId) throw new Error("applyNextIn is for one organisation's clock");
    const scope = { organisationId, skipIds: [...failedHere] };
    const claimed = await claimDueTransitions(tx, until, batchSize, scope);
    if (claimed.length === 0) return null;
    const stage = stageAt(new Date(claimed[0]!.due_at));
    // Those due later stay claimed by this transaction until a later stage takes them.
    const due = claimed.filter((item) => new Date(item.due_at).getTime() <= stage.getTime());
    const { applied, failed } = await applyClaimed(tx, due);
    return { stage, applied, failed };
  }

  /** Applies everything due now (up to about `limit` moves); returns how many were applied. */
  async function runDue(limit = 500): Promise<number> {
    let applied = 0;
    const organisationId = deps.organisationId;
    const except = organisationId ? [] : (await listClockedOrganisations(db)).map((o) => o.id);
    const scope = (): ClockScope =>
      organisationId ? { organisationId, skipIds: [...failedHere] } : { exceptOrganisations: except };
    for (let done = 0; done < limit;) {
      const batch = await applyBatch(batchSize, scope()).catch((error) => {
        // Batches waiting on each other (see BATCH_LOCK_TIMEOUT_MS), or still deadlocked after the
        // store's retries: one move per transaction then, with no lock limit, as before batches.
        if (!RETRY_WHOLE_BATCH.has((error as { code?: string }).code ?? '')) throw error;
        logger.warn('scheme clock batch met a lock; applying one move', { error: messageOf(error) });
        return applyBatch(1, scope());
      });
      if (batch.claimed === 0) break;
      deps.counts?.schemeClockMoves(batch.applied, batch.failed);
      applied += batch.applied;
      done += batch.applied + batch.failed;
    }
    return applied;
  }

  const loop = pollingLoop('scheme clock', runDue, logger, createJobLease(db, 'scheme_clock'));
  /** The moves that failed under this clock (one organisation's): an advance does not take them again. */
  const failedMoves = (): string[] => [...failedHere];
  return { runDue, applyNextIn, failedMoves, start: loop.start, stop: loop.stop };
}

export type SchemeClock = ReturnType<typeof createSchemeClock>;
