import type { Queryable } from '../db/db';
import type { Logger } from '../logger';
import type { Database } from '../db/db';
import type { Clock } from '../domain/shared/clock';
import type { ScheduledTransition } from '../domain/shared/schedule';

export type TransitionHandler = (tx: Queryable, item: ScheduledTransition) => Promise<void>;

/**
 * Applies due scheduled moves (mandate submission and activation, payment submission,
 * confirmation and payout, subscription payments…). Each move runs in its own transaction with
 * its row locked `FOR UPDATE SKIP LOCKED`, so several processes share the work without applying a
 * move twice. A move that fails is retried later with a growing delay; one failure never blocks
 * the others.
 */
export function createSchemeClock(deps: {
  db: Database;
  clock: Clock;
  logger: Logger;
  handlers: Partial<Record<ScheduledTransition['resource_type'], TransitionHandler>>;
}) {
  const { db, clock, logger, handlers } = deps;

  async function applyOne(): Promise<'applied' | 'none' | 'failed'> {
    let failed: { item: ScheduledTransition; error: unknown } | undefined;
    const outcome = await db
      .transaction(async (tx) => {
        const { rows } = await tx.query<ScheduledTransition>(
          `SELECT * FROM scheduled_transitions WHERE due_at <= $1 ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [clock.now()],
        );
        const item = rows[0];
        if (!item) return 'none' as const;
        try {
          const handler = handlers[item.resource_type];
          if (!handler) throw new Error(`no scheduled moves for ${item.resource_type}`);
          await handler(tx, item);
        } catch (error) {
          failed = { item, error };
          throw error;
        }
        await tx.query('DELETE FROM scheduled_transitions WHERE id = $1', [item.id]);
        return 'applied' as const;
      })
      .catch((error) => {
        if (!failed) throw error;
        return 'failed' as const;
      });
    if (failed) {
      const attempts = failed.item.attempts + 1;
      const delayMs = Math.min(60 * 60_000, 1000 * 2 ** attempts);
      logger.error('scheduled transition failed', {
        id: failed.item.id,
        resource: failed.item.resource_id,
        transition: failed.item.transition,
        attempts,
        error: failed.error instanceof Error ? failed.error.message : String(failed.error),
      });
      await db.query('UPDATE scheduled_transitions SET attempts = $2, last_error = $3, due_at = $4 WHERE id = $1', [
        failed.item.id,
        attempts,
        String(failed.error instanceof Error ? failed.error.message : failed.error).slice(0, 500),
        new Date(clock.now().getTime() + delayMs),
      ]);
    }
    return outcome;
  }

  /** Applies everything due now (up to `limit` moves); returns how many were applied. */
  async function runDue(limit = 500): Promise<number> {
    let applied = 0;
    for (let i = 0; i < limit; i++) {
      const outcome = await applyOne();
      if (outcome === 'none') break;
      if (outcome === 'applied') applied++;
    }
    return applied;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  return {
    runDue,
    start(intervalMs: number) {
      const tick = () => {
        running = runDue()
          .catch((error) => logger.error('scheme clock failed', { error: String(error) }))
          .finally(() => {
            timer = setTimeout(tick, intervalMs);
            timer.unref();
          });
      };
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

export type SchemeClock = ReturnType<typeof createSchemeClock>;
