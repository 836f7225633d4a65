import type { Queryable } from '../db/db';
import type { RateLimitStore } from './rate-limit';

/**
 * Postgres counts shared by several processes without a database write per request (decision
 * 0031). Each process counts hits in memory and adds them to the shared row of the unlogged
 * `rate_limit_windows` table in one batched statement every `flushEveryMs`; the statement returns
 * the shared totals, so each process also learns what the others counted.
 *
 * Close to the limit (the last `slackFor(limit)` requests of a window, as this process sees it, or
 * twice what the shared total grew by between two of our flushes if that is more) every hit is
 * counted in the database at once, atomically, as before: the decisions that matter are exact
 * whenever the other processes' unsent hits are fewer than the slack, and sizing the slack by the
 * observed growth keeps that true when the other processes are busy. Hits past the limit are
 * refused from memory — a window's count only grows, so a refusal needs no round trip. A
 * process's first hit of a window is counted at once too, to learn the total (firstHit).
 */
interface WindowCount {
  windowStart: number;
  /** The shared total the database last returned (everyone's hits that had been sent). */
  shared: number;
  /** Our hits not sent yet. */
  pending: number;
  /** Our hits in the statement being sent now. */
  sending: number;
  /** The most the shared total grew by between two of our flushes in this window: everyone's pace. */
  growth: number;
  /** Whether a statement has told us the shared total of this window yet. */
  read: boolean;
  /** The first hit's statement, while it is on its way: the hits behind it wait for its total. */
  reading?: Promise<number>;
}

const WINDOW_MS = 60_000;

/** How many requests before the limit are counted synchronously. */
export const slackFor = (limit: number) => Math.max(50, Math.ceil(limit * 0.05));

export class BatchedPostgresRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, WindowCount>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  /** The last statement queued: flushes and near-limit counts run one at a time (countNearLimit). */
  private queue: Promise<unknown> = Promise.resolve();
  /** The newest window counted: windows a minute older than it are forgotten (by the server's clock). */
  private newestWindow = 0;
  private closed = false;

  constructor(
    private readonly db: Queryable,
    private readonly flushEveryMs = 100,
  ) {}

  async increment(bucket: string, windowStart: number, limit: number): Promise<number> {
    let entry = this.counts.get(bucket);
    if (!entry || entry.windowStart !== windowStart) {
      // A newer window replaces the old one; a hit of an older window (clock skew) counts alone.
      if (entry && entry.windowStart > windowStart) return this.countNow(bucket, windowStart);
      entry = { windowStart, shared: 0, pending: 0, sending: 0, growth: 0, read: false };
      this.counts.set(bucket, entry);
      this.newestWindow = Math.max(this.newestWindow, windowStart);
    }
    if (!entry.read) return this.firstHit(bucket, entry, windowStart, limit);
    const seen = entry.shared + entry.sending + entry.pending + 1;
    if (seen > limit || limit - seen >= Math.max(slackFor(limit), 2 * entry.growth)) {
      entry.pending += 1;
      this.schedule();
      return seen;
    }
    return this.countNearLimit(bucket, entry);
  }

  /**
   * A process that joins a window others have counted in knows nothing of their hits: counting
   * from zero in memory it admitted up to a flush interval of requests past the limit (a test saw
   * 1,030 of 1,000). So its first hit of each window is counted at once and learns the total, and
   * the hits that come in meanwhile wait for that total: one statement per bucket per window.
   */
  private async firstHit(bucket: string, entry: WindowCount, windowStart: number, limit: number) {
    if (entry.reading) {
      await entry.reading.catch(() => {});
      return this.increment(bucket, windowStart, limit);
    }
    entry.reading = this.countNearLimit(bucket, entry);
    try {
      return await entry.reading;
    } finally {
      // Read or not (the database away), later hits go on: a failed read is not retried per hit.
      entry.read = true;
      entry.reading = undefined;
    }
  }

  /**
   * One hit near the limit, counted in the database at once with this process's unsent hits. It
   * runs in turn with the flushes, so no statement of ours is in flight while it does: the total
   * it returns holds every hit we sent, exactly once, and what came in meanwhile is in `pending`.
   * (Adding the hits of a flush in flight instead, which the total might already hold, counted
   * them twice: a two-process bench admitted 988 of 1,000.)
   */
  private countNearLimit(bucket: string, entry: WindowCount): Promise<number> {
    return this.inTurn(async () => {
      const carried = entry.pending;
      entry.pending = 0;
      try {
        const shared = await this.countNow(bucket, entry.windowStart, carried + 1);
        entry.shared = Math.max(entry.shared, shared);
        return shared + entry.pending;
      } catch (error) {
        entry.pending += carried;
        throw error;
      }
    });
  }

  /** Runs `work` after every statement queued before it: flushes and near-limit counts. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(work);
    this.queue = turn.catch(() => {});
    return turn;
  }

  async prune(before: number): Promise<void> {
    await this.db.query('DELETE FROM rate_limit_windows WHERE window_start < $1', [before]);
  }

  /** Sends what is left; the server calls this before it closes the database. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    await this.inTurn(() => this.flush()).catch(() => {});
  }

  private async countNow(bucket: string, windowStart: number, hits = 1): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(
      `INSERT INTO rate_limit_windows (bucket, window_start, count) VALUES ($1, $2, $3)
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_windows.count + EXCLUDED.count
       RETURNING count`,
      [bucket, windowStart, hits],
    );
    return rows[0]!.count;
  }

  private schedule(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flushing = this.inTurn(() => this.flush())
        .catch(() => {
          /* the database is away: the hits stay pending and go with the next flush */
        })
        .finally(() => {
          this.flushing = undefined;
          if ([...this.counts.values()].some((e) => e.pending > 0)) this.schedule();
        });
    }, this.flushEveryMs);
    this.timer.unref();
  }

  private async flush(): Promise<void> {
    const buckets: string[] = [];
    const windows: number[] = [];
    const hits: number[] = [];
    const oldest = this.newestWindow - WINDOW_MS;
    for (const [bucket, entry] of this.counts) {
      if (entry.pending === 0) {
        if (entry.windowStart < oldest && entry.sending === 0) this.counts.delete(bucket);
        continue;
      }
      entry.sending += entry.pending;
      entry.pending = 0;
      buckets.push(bucket);
      windows.push(entry.windowStart);
      hits.push(entry.sending);
    }
    if (buckets.length === 0) return;
    try {
      const { rows } = await this.db.query<{ bucket: string; window_start: string | number; count: number }>(
        `INSERT INTO rate_limit_windows (bucket, window_start, count)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::int[])
         ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_windows.count + EXCLUDED.count
         RETURNING bucket, window_start, count`,
        [buckets, windows, hits],
      );
      for (const row of rows) {
        const entry = this.counts.get(row.bucket);
        if (entry && entry.windowStart === Number(row.window_start)) {
          // The first reading of a window we joined late is not a pace.
          if (entry.shared > 0) entry.growth = Math.max(entry.growth, row.count - entry.shared);
          entry.shared = Math.max(entry.shared, row.count);
        }
      }
      for (let i = 0; i < buckets.length; i++) this.settle(buckets[i]!, windows[i]!, 0);
    } catch (error) {
      for (let i = 0; i < buckets.length; i++) this.settle(buckets[i]!, windows[i]!, hits[i]!);
      throw error;
    }
  }

  /** The statement is done: its hits are in `shared`, or (it failed) go back to pending. */
  private settle(bucket: string, windowStart: number, unsent: number): void {
    const entry = this.counts.get(bucket);
    if (!entry || entry.windowStart !== windowStart) return;
    entry.pending += unsent;
    entry.sending = 0;
  }
}
