/**
 * How long a process may show what it read of a creditor (its name, address, logo, theme) on the
 * payer pages without reading it again: another process's change shows within this; this
 * process's own change at once (the owner forgets the creditor when it writes it).
 */
export const RECENT_READ_TTL_MS = 1_000;

/**
 * Values read recently, kept per process for at most `ttlMs` on the monotonic clock (not the
 * scheme clock tests move), and at most `maxEntries` of them (all are dropped when full: a burst of
 * many keys costs reads again, never memory). Issue 15: a payer page read the same creditor, logo
 * and theme rows on every request, three of its nine statements.
 */
export function createRecentCache<V>(ttlMs = RECENT_READ_TTL_MS, maxEntries = 10_000) {
  const entries = new Map<string, { value: V; until: number }>();
  // A read that began before a `forget` must not keep what it read: it may be the old value.
  let forgotten = 0;
  return {
    /** The value kept for `key`, or what `read` answers (kept when it is not undefined). */
    async through(key: string, read: () => Promise<V | undefined>): Promise<V | undefined> {
      const hit = entries.get(key);
      if (hit && hit.until > performance.now()) return hit.value;
      if (hit) entries.delete(key);
      const began = forgotten;
      const value = await read();
      if (value !== undefined && ttlMs > 0 && began === forgotten) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, { value, until: performance.now() + ttlMs });
      }
      return value;
    },
    /** Called by the owner when it writes `key` (before its commit: the TTL bounds a read racing it). */
    forget(key: string): void {
      forgotten += 1;
      entries.delete(key);
    },
  };
}
