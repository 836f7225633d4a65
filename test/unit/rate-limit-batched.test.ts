import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../server/db/db';
import { BatchedPostgresRateLimitStore } from '../../server/api/rate-limit-batched';

/**
 * The batched store's rules (decision 0031) against a stand-in for the shared unlogged table, so
 * two stores behave like two processes on one Postgres: hits far from the limit cost no
 * statement, hits near it are counted at once, a refusal needs no round trip, and hits of a
 * failed batch go with the next one.
 */
function sharedTable() {
  const rows = new Map<string, number>();
  let failNext = false;
  // A batch applied at once but answered late: committed, its reply still on the wire.
  let slowBatchReplyMs = 0;
  const statements: string[] = [];
  const db: Queryable = {
    async query<T>(text: string, params: readonly unknown[] = []) {
      statements.push(text);
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      const [buckets, windows, hits] = text.includes('unnest')
        ? (params as [string[], number[], number[]])
        : [[params[0] as string], [params[1] as number], [(params[2] as number | undefined) ?? 1]];
      const out = buckets.map((bucket, i) => {
        const key = `${bucket}@${windows[i]}`;
        rows.set(key, (rows.get(key) ?? 0) + hits[i]!);
        return { bucket, window_start: windows[i], count: rows.get(key)! };
      });
      if (slowBatchReplyMs && text.includes('unnest')) await new Promise((r) => setTimeout(r, slowBatchReplyMs));
      return { rows: out as T[], rowCount: out.length };
    },
    exec: async () => {},
  };
  return {
    db,
    rows,
    statements,
    failOnce: () => (failNext = true),
    answerBatchesAfter: (ms: number) => (slowBatchReplyMs = ms),
  };
}

const W = 1_800_000;
const flush = (ms = 30) => new Promise((r) => setTimeout(r, ms));

describe('batched rate-limit store', () => {
  it('counts far from the limit in memory and sends them in one statement', async () => {
    const t = sharedTable();
    const store = new BatchedPostgresRateLimitStore(t.db, 10);
    // The window's first hit is counted at once (it learns the shared total), the rest in memory.
    for (let i = 1; i <= 20; i++) expect(await store.increment('org:A', W, 1000)).toBe(i);
    expect(t.statements).toHaveLength(1);
    await flush();
    expect(t.statements).toHaveLength(2);
    expect(t.rows.get(`org:A@${W}`)).toBe(20);
  });

  it('a process joining a window others counted in learns their total before it admits from memory', async () => {
    const t = sharedTable();
    const [a, b] = [new BatchedPostgresRateLimitStore(t.db, 10), new BatchedPostgresRateLimitStore(t.db, 10)];
    for (let i = 1; i <= 990; i++) await a.increment('org:A', W, 1000);
    await flush();
    expect(t.rows.get(`org:A@${W}`)).toBe(990);
    // b's first hits, at once: 991…1000 admitted, then refused, none counted from zero.
    const counts = await Promise.all(Array.from({ length: 15 }, () => b.increment('org:A', W, 1000)));
    expect(counts.filter((c) => c <= 1000)).toHaveLength(10);
    expect([...counts].sort((x, y) => x - y)).toEqual(Array.from({ length: 15 }, (_, i) => 991 + i));
    await Promise.all([a.close(), b.close()]);
  });

  it('is exact across two processes near the limit, and refuses past it without a round trip', async () => {
    const t = sharedTable();
    const [a, b] = [new BatchedPostgresRateLimitStore(t.db, 10), new BatchedPostgresRateLimitStore(t.db, 10)];
    const limit = 40; // below the slack of 50: every hit is counted at once
    const counts: number[] = [];
    for (let i = 0; i < limit; i++) counts.push(await (i % 2 ? b : a).increment('org:A', W, limit));
    expect(counts).toEqual(Array.from({ length: limit }, (_, i) => i + 1));
    expect(await a.increment('org:A', W, limit)).toBe(limit + 1);
    const sent = t.statements.length;
    expect(await a.increment('org:A', W, limit)).toBeGreaterThan(limit); // refused from memory
    expect(t.statements.length).toBe(sent);
  });

  it('counts a hit near the limit once its batch in flight has answered, so no hit counts twice', async () => {
    const t = sharedTable();
    const store = new BatchedPostgresRateLimitStore(t.db, 5);
    for (let i = 1; i <= 50; i++) expect(await store.increment('org:A', W, 100)).toBe(i);
    t.answerBatchesAfter(40);
    await flush(15); // the batch of 50 is in the table; its answer comes 40 ms later
    expect(t.rows.get(`org:A@${W}`)).toBe(50);
    // 49 left of 100, inside the exact zone: the 51st hit, not the batch's 50 again (101, refused).
    expect(await store.increment('org:A', W, 100)).toBe(51);
    expect(t.rows.get(`org:A@${W}`)).toBe(51);
    await store.close();
  });

  it('keeps the hits of a failed batch for the next one', async () => {
    const t = sharedTable();
    const store = new BatchedPostgresRateLimitStore(t.db, 10);
    for (let i = 0; i < 5; i++) await store.increment('ip:1', W, 1000);
    t.failOnce();
    await flush();
    await store.increment('ip:1', W, 1000);
    await flush();
    expect(t.rows.get(`ip:1@${W}`)).toBe(6);
    await store.close();
  });
});
