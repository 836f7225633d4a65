import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';

/** One attempt as `webhooks tail` shows it. */
export interface AttemptLine {
  webhook_id: string;
  attempt: number;
  organisation_id: string;
  endpoint_id: string;
  url: string;
  is_test: boolean;
  event_count: number;
  attempted_at: Date;
  duration_ms: number;
  response_code: number | null;
  error: string | null;
  successful: boolean;
  next_attempt_at: Date | null;
}

export interface FollowOptions {
  organisationId?: string;
  /** Attempts made from this time on. */
  since: Date;
  pollMs?: number;
  signal: AbortSignal;
}

/**
 * An attempt's row commits after its request ends, up to a request timeout after the time it
 * records; re-reading this far back and skipping what was shown catches those late commits.
 */
const OVERLAP_MS = 60_000;

/** Follows delivery attempts as workers record them (any process on the database), oldest first. */
export async function* followAttempts(db: Queryable, options: FollowOptions): AsyncGenerator<AttemptLine> {
  const pollMs = options.pollMs ?? 1000;
  const seen = new Map<string, number>();
  let cursor = options.since.getTime();
  while (!options.signal.aborted) {
    const params = new Params();
    const where = [`a.attempted_at >= ${params.add(new Date(Math.max(options.since.getTime(), cursor - OVERLAP_MS)))}`];
    if (options.organisationId) where.push(`a.organisation_id = ${params.add(options.organisationId)}`);
    const { rows } = await db.query<AttemptLine>(
      `SELECT a.webhook_id, a.attempt, a.organisation_id, w.endpoint_id, w.url, w.is_test, w.event_count, a.attempted_at,
              a.duration_ms, a.response_code, a.error, a.successful, w.next_attempt_at
       FROM webhook_attempts a JOIN webhooks w ON w.id = a.webhook_id
       WHERE ${where.join(' AND ')} ORDER BY a.attempted_at, a.webhook_id, a.attempt LIMIT 1000`,
      params.values,
    );
    for (const row of rows) {
      const key = `${row.webhook_id}/${row.attempt}`;
      const at = row.attempted_at.getTime();
      cursor = Math.max(cursor, at);
      if (seen.has(key)) continue;
      seen.set(key, at);
      yield row;
    }
    for (const [key, at] of seen) if (at < cursor - OVERLAP_MS) seen.delete(key);
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        options.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, pollMs);
      options.signal.addEventListener('abort', done, { once: true });
    });
  }
}
