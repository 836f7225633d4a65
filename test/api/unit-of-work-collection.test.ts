import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../server/db/db';
import type { Merchant } from '../support/factories';
import { createTestDatabase } from '../support/database';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Mandates and payments run in the edge's unit of work (test/api/unit-of-work.test.ts shows it for
 * blocks): a create that passes its deadline answers 504 and leaves neither the resource, nor its
 * event, nor what it booked for the scheme clock; a retry with the same Idempotency-Key makes it
 * once. The database is slowed at the create's event so the deadline passes mid-way.
 */
const TIMEOUT_MS = 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Where the slowdown sits: before the event's INSERT is sent, or after it. */
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
let db: Database;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startTestServer({
    db: slowedOnEventInsert(db),
    requestTimeoutMs: TIMEOUT_MS,
    schemeClockIntervalMs: 0,
  });
  merchant = await server.merchant();
});
afterAll(() => server?.close());

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(sql, params);
  return rows[0]!.n;
}

/** A bank account of a new customer (bacs: its mandates are booked for submission). */
async function bankAccount(): Promise<string> {
  const { customers } = await post(merchant.api, '/customers', { customers: CUSTOMER_DETAILS.GBP.customer }, 201);
  const body = { customer_bank_accounts: { ...SANDBOX_ACCOUNTS.GBP, links: { customer: customers.id } } };
  return (await post(merchant.api, '/customer_bank_accounts', body, 201)).customer_bank_accounts.id;
}

const mandatesOn = (accountId: string) =>
  count('SELECT count(*)::int AS n FROM mandates WHERE customer_bank_account_id = $1', [accountId]);
const paymentsOf = (mandateId: string) =>
  count('SELECT count(*)::int AS n FROM payments WHERE mandate_id = $1', [mandateId]);
const eventsOf = (resourceType: string) =>
  count('SELECT count(*)::int AS n FROM events WHERE resource_type = $1', [resourceType]);
const scheduled = () => count('SELECT count(*)::int AS n FROM scheduled_transitions', []);

function expectTimedOut(res: { status: number; body: any }) {
  expect(res.status).toBe(504);
  expect(res.body.error.type).toBe('gocardless');
  expect(res.body.error.errors[0].reason).toBe('request_timed_out');
}

describe.each(['before_event', 'after_event'] as const)(
  'a collection create that passes its deadline (%s)',
  (where) => {
    it('POST /mandates answers 504, leaves nothing, and a retry with the same key creates it once', async () => {
      const accountId = await bankAccount();
      const body = { mandates: { links: { customer_bank_account: accountId } } };
      const headers = { headers: { 'idempotency-key': `uow-mandate-${where}` } };
      const [eventsBefore, scheduledBefore] = [await eventsOf('mandates'), await scheduled()];

      slow = where;
      const timedOut = await merchant.api.post('/mandates', body, headers);
      slow = 'off';
      expectTimedOut(timedOut);

      // Give anything still running every chance to commit before looking.
      await sleep(TIMEOUT_MS * 3);
      expect(await mandatesOn(accountId)).toBe(0);
      expect(await eventsOf('mandates')).toBe(eventsBefore);
      expect(await scheduled()).toBe(scheduledBefore);

      const retried = await merchant.api.post('/mandates', body, headers);
      expect(retried.status).toBe(201);
      expect(await mandatesOn(accountId)).toBe(1);
    });

    it('POST /payments answers 504, leaves nothing, and a retry with the same key creates it once', async () => {
      const accountId = await bankAccount();
      const mandateBody = { mandates: { links: { customer_bank_account: accountId } } };
      const mandateId = (await post(merchant.api, '/mandates', mandateBody, 201)).mandates.id;
      const body = { payments: { amount: 1500, currency: 'GBP', links: { mandate: mandateId } } };
      const headers = { headers: { 'idempotency-key': `uow-payment-${where}` } };
      const [eventsBefore, scheduledBefore] = [await eventsOf('payments'), await scheduled()];

      slow = where;
      const timedOut = await merchant.api.post('/payments', body, headers);
      slow = 'off';
      expectTimedOut(timedOut);

      await sleep(TIMEOUT_MS * 3);
      expect(await paymentsOf(mandateId)).toBe(0);
      expect(await eventsOf('payments')).toBe(eventsBefore);
      expect(await scheduled()).toBe(scheduledBefore);

      const retried = await merchant.api.post('/payments', body, headers);
      expect(retried.status).toBe(201);
      expect(await paymentsOf(mandateId)).toBe(1);
    });
  },
);
