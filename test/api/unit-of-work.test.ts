import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/db';
import { createPostgresDatabase } from '../../server/db/db';
import type { Merchant } from '../support/factories';
import { createTestDatabase, testStore } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The edge owns the request: a write runs in one transaction under the request's deadline, and a
 * 504 means that transaction rolled back. A client told "timed out" may retry with the same
 * Idempotency-Key and get the resource made once, never a 409 naming a resource it was told
 * failed. The database is slowed at one statement of the create so the deadline passes mid-way.
 */
const TIMEOUT_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the slowdown sits: before the event's INSERT is sent, or after it, just before COMMIT. */
let slow: 'before_event' | 'after_event' | 'off' = 'off';

function slowedOnEventInsert(db: Database): Database {
  const wrap = (tx: Queryable): Queryable => ({
    exec: (script) => tx.exec(script),
    async query(text, params) {
      const isEvent = slow !== 'off' && text.includes('INSERT INTO events');
      if (isEvent && slow === 'before_event') await sleep(TIMEOUT_MS * 2);
      const result = await tx.query(text, params);
      if (isEvent && slow === 'after_event') await sleep(TIMEOUT_MS * 2);
      return result as never;
    },
  });
  return { ...db, transaction: (fn, options) => db.transaction((tx) => fn(wrap(tx)), options) };
}

let server: TestServer;
let merchant: Merchant;
let db: Database & { url?: string };

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startTestServer({ db: slowedOnEventInsert(db), requestTimeoutMs: TIMEOUT_MS });
  merchant = await server.merchant();
});
afterAll(() => server?.close());

const block = (reference: string) => ({
  blocks: { block_type: 'email', reason_type: 'identity_fraud', resource_reference: reference },
});

async function blocksFor(reference: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM blocks WHERE resource_reference = $1',
    [reference],
  );
  return rows[0]!.n;
}

async function eventCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM events WHERE resource_type = 'blocks'",
  );
  return rows[0]!.n;
}

describe.each(['before_event', 'after_event'] as const)('a create that passes its deadline (%s)', (where) => {
  it('answers 504 request_timed_out, leaves nothing, and a retry with the same key creates it once', async () => {
    const reference = `slow-${where}@example.com`;
    const key = `uow-${where}`;
    const eventsBefore = await eventCount();
    slow = where;
    const timedOut = await merchant.api.post('/blocks', block(reference), { headers: { 'idempotency-key': key } });
    slow = 'off';
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.error.type).toBe('gocardless');
    expect(timedOut.body.error.errors[0].reason).toBe('request_timed_out');

    // Give anything still running every chance to commit before looking.
    await sleep(TIMEOUT_MS * 3);
    expect(await blocksFor(reference)).toBe(0);
    expect(await eventCount()).toBe(eventsBefore);

    const retried = await merchant.api.post('/blocks', block(reference), { headers: { 'idempotency-key': key } });
    expect(retried.status).toBe(201);
    expect(await blocksFor(reference)).toBe(1);
  });
});

// Only a server can be stuck on another session's lock; PGlite has one session.
if (testStore() === 'postgres')
  describe('a statement stuck on a lock', () => {
    it('is cancelled at the deadline by statement_timeout, and the create rolls back', async () => {
      const holder = createPostgresDatabase(db.url!, { max: 1 });
      let release!: () => void;
      let locked!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const isLocked = new Promise<void>((r) => (locked = r));
      const locking = holder.transaction(async (tx) => {
        await tx.query('LOCK TABLE blocks IN ACCESS EXCLUSIVE MODE');
        locked();
        await held;
      });
      try {
        // Held before the request is sent (a fixed sleep lost the race on a loaded machine).
        await Promise.race([isLocked, locking]);
        const started = Date.now();
        const res = await merchant.api.post('/blocks', block('locked@example.com'));
        expect(res.status).toBe(504);
        expect(res.body.error.errors[0].reason).toBe('request_timed_out');
        // Answered at the deadline, not when the lock was let go.
        expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 5);
      } finally {
        release();
        await locking;
        await holder.close();
      }
      expect(await blocksFor('locked@example.com')).toBe(0);
    });
  });
