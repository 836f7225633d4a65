import type { Logger } from '../logger';
import type { Database, Queryable } from './db';

/**
 * PGlite runs no autovacuum daemon, so its planner statistics stay as they were when a table was
 * last analysed — often never. A list then looks like a handful of rows to the planner, which
 * picks a bitmap scan of the whole organisation and a sort over the `(organisation_id, id)` index
 * walk: a page of 20 costs more with every row added (measured: 1.6 ms of server CPU per
 * `GET /blocks` at a few thousand rows, 7.4 ms a few seconds of writes later; decision 0044).
 *
 * This stands in for autovacuum's analyse: a table whose file has grown by more than a fifth
 * (and four pages) since the statistics last recorded its size (`relpages`, which ANALYZE sets)
 * is analysed again. The check is one catalogue query; ANALYZE samples at most 30,000 rows a
 * table, so a run stays short however large the data grows. Postgres has its own daemon and
 * does not need this.
 */
export async function analyzeGrownTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ relname: string }>(
    `SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r'
       AND pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 4
     ORDER BY c.relname`,
  );
  for (const { relname } of rows) await db.exec(`ANALYZE "${relname.replaceAll('"', '""')}"`);
  return rows.map((row) => row.relname);
}

/**
 * Runs `analyzeGrownTables` every `everyMs` on a PGlite store (0: only when `run` is called, as
 * tests do); does nothing on Postgres.
 */
export function startPgliteAnalyze(db: Database, logger: Logger, everyMs = 10_000) {
  if (db.kind !== 'pglite') return { run: async () => [] as string[], stop: () => {} };
  let running = false;
  const run = async (): Promise<string[]> => {
    if (running) return [];
    running = true;
    try {
      const analysed = await analyzeGrownTables(db);
      if (analysed.length) logger.debug('analysed grown tables', { tables: analysed });
      return analysed;
    } catch (error) {
      logger.warn('analyse of grown tables failed', { error: String(error) });
      return [];
    } finally {
      running = false;
    }
  };
  if (everyMs <= 0) return { run, stop: () => {} };
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return { run, stop: () => clearInterval(timer) };
}
