import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/db';
import type { Merchant } from '../support/factories';
import { createTestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Billing requests run in the edge's unit of work (they left LEGACY_OWN_TRANSACTION): a create
 * whose deadline passes after its customer, billing detail and request were written answers 504
 * and leaves none of them, and a retry with the same Idempotency-Key makes it once.
 */
const TIMEOUT_MS = 400;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let slow = false;

/** Holds the `created` event of a billing request past the deadline, once everything else is written. */
function slowedOnRequestEvent(db: Database): Database {
  const wrap = (tx: Queryable): Queryable => ({
    exec: (script) => tx.exec(script),
    async query(text, params) {
      const result = await tx.query(text, params);
      if (slow && text.includes('INSERT INTO events') && params?.includes('billing_requests'))
        await sleep(TIMEOUT_MS * 2);
      return result as never;
    },
  });
  return { ...db, transaction: (fn, options) => db.transaction((tx) => fn(wrap(tx)), options) };
}

let server: TestServer;
let merchant: Merchant;
let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startTestServer({ db: slowedOnRequestEvent(db), requestTimeoutMs: TIMEOUT_MS });
  merchant = await server.merchant();
});
afterAll(() => server?.close());

const count = async (table: 'billing_requests' | 'customers' | 'customer_billing_details') =>
  (
    await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE organisation_id = $1`, [
      merchant.organisationId,
    ])
  ).rows[0]!.n;

describe('POST /billing_requests past its deadline', () => {
  it('answers 504 request_timed_out, leaves no request, customer or billing detail, and a retry creates it once', async () => {
    const body = { billing_requests: { mandate_request: { currency: 'GBP' } } };
    const headers = { 'idempotency-key': 'br-uow' };
    const before = await Promise.all([
      count('billing_requests'),
      count('customers'),
      count('customer_billing_details'),
    ]);
    slow = true;
    const timedOut = await merchant.api.post('/billing_requests', body, { headers });
    slow = false;
    expect(timedOut.status).toBe(504);
    expect(timedOut.body.error.errors[0].reason).toBe('request_timed_out');
    await sleep(TIMEOUT_MS * 3);
    expect(
      await Promise.all([count('billing_requests'), count('customers'), count('customer_billing_details')]),
    ).toEqual(before);

    const retried = await merchant.api.post('/billing_requests', body, { headers });
    expect(retried.status).toBe(201);
    expect(await count('billing_requests')).toBe(before[0]! + 1);
  });
});
