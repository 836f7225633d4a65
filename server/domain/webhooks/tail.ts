import type { Queryable } from '../../db/db';
import { listAttemptsSince, type AttemptLine } from './outbox-queries';

export type { AttemptLine } from './outbox-queries';

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
    const since = new Date(Math.max(options.since.getTime(), cursor - OVERLAP_MS));
    const rows = await listAttemptsSince(db, since, options.organisationId);
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
