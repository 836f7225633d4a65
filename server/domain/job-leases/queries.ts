import type { Queryable } from '../../db/db';
import { col, defineTable } from '../shared/table';

/** The only file that names `job_leases` in SQL. */
export const jobLeasesTable = defineTable('job_leases', {
  name: col.text(),
  holder: col.text(),
  expires_at: col.timestamptz(),
});

/**
 * The owner of `job_leases`. Times come from the database's own clock (clock_timestamp()), not
 * the process's, so processes on machines whose clocks disagree still agree on who holds a lease.
 */

/** Takes or renews `name` for `holder` when it is free, expired or already `holder`'s; true if held. */
export async function takeLease(db: Queryable, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO job_leases (name, holder, expires_at)
     VALUES ($1, $2, clock_timestamp() + $3::integer * interval '1 millisecond')
     ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE job_leases.holder = EXCLUDED.holder OR job_leases.expires_at < clock_timestamp()
     RETURNING holder`,
    [name, holder, Math.ceil(ttlMs)],
  );
  return rows.length === 1;
}

/** Gives `name` up at once (a clean stop), so the next process need not wait for it to expire. */
export async function releaseLease(db: Queryable, name: string, holder: string): Promise<void> {
  await db.query('DELETE FROM job_leases WHERE name = $1 AND holder = $2', [name, holder]);
}
