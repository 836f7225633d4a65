import { randomUUID } from 'node:crypto';
import type { Database } from '../db/db';
import { releaseLease, takeLease } from '../domain/job-leases/queries';

/**
 * One runner at a time for a background loop when several processes share one Postgres. The
 * work itself is safe to share (every move is taken FOR UPDATE SKIP LOCKED), but one runner keeps
 * the order of moves and the load predictable. On PGlite only one process can own the data
 * directory, so the lease is always held and costs no write.
 */
export interface JobLease {
  readonly holder: string;
  /** Takes or renews the lease; false when another live process holds it. */
  hold(intervalMs: number): Promise<boolean>;
  release(): Promise<void>;
}

/** How long a lease outlives its last renewal: a few rounds, and never under 5 s. */
export const leaseTtlMs = (intervalMs: number) => Math.max(5_000, intervalMs * 3);

export function createJobLease(db: Database, name: string): JobLease {
  const holder = `${process.pid}:${randomUUID()}`;
  let held = false;
  return {
    holder,
    async hold(intervalMs) {
      if (db.kind === 'pglite') return true;
      held = await takeLease(db, name, holder, leaseTtlMs(intervalMs));
      return held;
    },
    async release() {
      if (!held || db.kind === 'pglite') return;
      held = false;
      await releaseLease(db, name, holder).catch(() => {});
    },
  };
}
