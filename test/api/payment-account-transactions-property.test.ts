import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { fund, key, outbound, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #22, "the two always agree": whatever money moves — collections, outbound payments made,
 * refused, cancelled, executed or failed, payouts — a payment account's transactions add up, line
 * by line, to its balance (fast-check, seeded).
 */
let server: TestServer;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
});
afterAll(() => server?.close());

const step = fc.oneof(
  fc.record({ kind: fc.constant('fund' as const), amount: fc.integer({ min: 100, max: 5000 }) }),
  fc.record({
    kind: fc.constant('send' as const),
    amount: fc.integer({ min: 1, max: 4000 }),
    to: fc.constantFrom('Jane Doe', 'Reject Him', 'Nomatch Her'),
    later: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.constant({ kind: 'clock' as const }),
  fc.constant({ kind: 'payout' as const }),
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

async function apply(m: Merchant, recipients: Record<string, string>, sent: string[], s: Step) {
  if (s.kind === 'fund') await fund(m, s.amount);
  if (s.kind === 'send') {
    const body = outbound(recipients[s.to]!, s.amount, s.later ? { execution_date: '2026-03-03' } : {});
    const res = await m.api.post('/outbound_payments', body, key('prop'));
    expect([201, 422], res.text).toContain(res.status);
    if (res.status === 201) sent.push(res.body.outbound_payments.id);
  }
  if (s.kind === 'cancel' && sent.length) {
    const res = await m.api.post(
      `/outbound_payments/${sent[s.pick % sent.length]}/actions/cancel`,
      { data: {} },
      key(),
    );
    expect([200, 422]).toContain(res.status);
  }
  if (s.kind === 'clock') await server.schemeClock.runDue();
  if (s.kind === 'payout') await server.payoutRunner.runDue();
}

async function checkAgreement(m: Merchant) {
  const account = (await m.api.get('/payment_accounts')).body.payment_accounts[0];
  const res = await m.api.get(
    `/payment_accounts/${account.id}/transactions?value_date_from=2026-03-01&value_date_to=2026-03-31&limit=500`,
  );
  expect(res.status).toBe(200);
  const oldestFirst = [...res.body.payment_account_transactions].reverse() as {
    amount: number;
    direction: string;
    balance_after_transaction: number;
  }[];
  let running = 0;
  for (const t of oldestFirst) {
    expect(t.amount).toBeGreaterThan(0);
    running += t.direction === 'credit' ? t.amount : -t.amount;
    expect(t.balance_after_transaction).toBe(running);
  }
  expect(running).toBe(account.account_balance);
}

describe('payment account transactions and balance', () => {
  it('always agree, line by line, whatever moved the money', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 10 }), async (steps) => {
        const m = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
        const recipients: Record<string, string> = {};
        for (const name of ['Jane Doe', 'Reject Him', 'Nomatch Her']) recipients[name] = await recipient(m, name);
        const sent: string[] = [];
        await fund(m, 1000);
        for (const s of steps) {
          await apply(m, recipients, sent, s);
          await checkAgreement(m);
        }
      }),
      { seed: 2222, numRuns: 8 },
    );
  }, 240_000);
});
