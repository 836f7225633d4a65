import type { Clock } from '../domain/shared/clock';
import { col, defineTable } from '../domain/shared/table';

/** The rate limiter's counters (this file and rate-limit-batched.ts write them). */
export const rateLimitWindowsTable = defineTable('rate_limit_windows', {
  bucket: col.text(),
  window_start: col.bigint(),
  count: col.integer(),
});

/**
 * Fixed one-minute windows per bucket (an organisation, or a client address for requests that
 * never authenticate). The store is where counts live:
 *  - memory, when one process owns the data (the embedded PGlite default is locked to one process);
 *  - Postgres, when several processes share one database: counted in memory and added to an
 *    unlogged table in batches (rate-limit-batched.ts, decision 0031).
 */
export interface RateLimitStore {
  /**
   * Adds one hit to `bucket` in the window starting at `windowStart` (ms) and returns the count.
   * `limit` tells a store that counts approximately where it must be exact.
   */
  increment(bucket: string, windowStart: number, limit: number): Promise<number>;
  /** Forgets windows that ended before `before` (ms). */
  prune(before: number): Promise<void>;
  /** Sends counts still held in memory. */
  close?(): Promise<void>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly counts = new Map<string, { windowStart: number; count: number }>();
  async increment(bucket: string, windowStart: number): Promise<number> {
    const entry = this.counts.get(bucket);
    if (!entry || entry.windowStart !== windowStart) {
      this.counts.set(bucket, { windowStart, count: 1 });
      return 1;
    }
    entry.count += 1;
    return entry.count;
  }
  async prune(before: number): Promise<void> {
    for (const [bucket, entry] of this.counts) if (entry.windowStart < before) this.counts.delete(bucket);
  }
}

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  reset: Date;
}

export const RATE_LIMIT_PER_MINUTE = 1000;
const WINDOW_MS = 60_000;

export function createRateLimiter(store: RateLimitStore, clock: Clock, limit = RATE_LIMIT_PER_MINUTE) {
  return {
    limit,
    async hit(bucket: string): Promise<RateLimitDecision> {
      const now = clock.now().getTime();
      const windowStart = now - (now % WINDOW_MS);
      const count = await store.increment(bucket, windowStart, limit);
      return {
        allowed: count <= limit,
        limit,
        remaining: Math.max(0, limit - count),
        reset: new Date(windowStart + WINDOW_MS),
      };
    },
    prune: () => store.prune(clock.now().getTime() - 2 * WINDOW_MS),
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The spec's headers: the limit, what is left, and when the window resets (an HTTP date). */
export function rateLimitHeaders(d: RateLimitDecision): Record<string, string> {
  const headers: Record<string, string> = {
    'ratelimit-limit': String(d.limit),
    'ratelimit-remaining': String(d.remaining),
    'ratelimit-reset': httpDate(d.reset),
  };
  return headers;
}

// Every request of a window has the same reset time: its HTTP date is formatted once.
let lastReset = NaN;
let lastResetText = '';
function httpDate(reset: Date): string {
  if (reset.getTime() !== lastReset) {
    lastReset = reset.getTime();
    lastResetText = reset.toUTCString();
  }
  return lastResetText;
}
