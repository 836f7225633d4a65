import type { Queryable } from '../../server/db/db';

/**
 * Bookkeeping that is not the request's: the rate limiter's windows (every request touches them,
 * whatever its answer) and the background jobs' leases (a job takes one on its own timer, so a
 * test on Postgres can see one appear mid-request), and the embedded mailbox (the notice sender fills
 * it on its own timer with the mails of earlier, successful requests; a refused request's notice
 * would show in `notifications`, which is counted), and the request log (every API request is logged,
 * refused or not, in batches off the request path: decision 0086). Anything else changing across a refused request
 * means the refusal wrote something.
 */
const PER_REQUEST_TABLES = ['rate_limit_windows', 'job_leases', 'mailbox_messages', 'request_logs'];

const tablesOf = new WeakMap<Queryable, string[]>();

/** Rows in every table of the database, by table, in one query: compared around a refused request. */
export async function rowCounts(db: Queryable): Promise<Record<string, number>> {
  let tables = tablesOf.get(db);
  if (!tables) {
    const { rows } = await db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    tables = rows.map((r) => r.table_name).filter((t) => !PER_REQUEST_TABLES.includes(t));
    tablesOf.set(db, tables);
  }
  const { rows } = await db.query<{ t: string; n: string | number }>(
    tables.map((t) => `SELECT '${t}' AS t, count(*) AS n FROM "${t}"`).join(' UNION ALL '),
  );
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}
