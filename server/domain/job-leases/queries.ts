import type { Queryable } from '../../db/db';

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

/** Who holds `name` now, if anyone (tests and the operations docs' health checks). */
export async function leaseHolder(db: Queryable, name: string): Promise<string | undefined> {
  const { rows } = await db.query<{ holder: string }>(
    'SELECT holder FROM job_leases WHERE name = $1 AND expires_at >= clock_timestamp()',
    [name],
  );
  return rows[0]?.holder;
}
