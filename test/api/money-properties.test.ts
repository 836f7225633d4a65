import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { activeMandate, collectedPayment } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #13's property: whatever random sequence of payments, failures, chargebacks, refunds and
 * the bank's answers to them a merchant goes through, the balances the API answers are the sums
 * of the ledger, every posting balances, no payment is refunded beyond its amount, and no refund
 * ever takes the confirmed funds below minus the negative balance limit. Seeded and bounded, so
 * a failure replays exactly and the run takes seconds.
 */
let server: TestServer;
/** Refunds that went through, over all runs: the property must have exercised some. */
let refundsMade = 0;

beforeAll(async () => {
  server = await startTestServer({ clock: new ManualClock('2026-03-02T10:00:00.000Z'), schemeClockIntervalMs: 0 });
});
afterAll(() => server?.close());

const PAYMENT_PATHS = [
  'payment_confirmed',
  'payment_paid_out',
  'payment_failed',
  'payment_charged_back',
  'payment_late_failure',
] as const;
const REFUND_SIMULATORS = ['refund_paid', 'refund_settled', 'refund_bounced', 'refund_returned'] as const;

// Payments and refunds come most often, so most runs have money to refund and refunds to answer.
const op = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      amount: fc.integer({ min: 100, max: 5000 }),
      path: fc.constantFrom(...PAYMENT_PATHS),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      amount: fc.integer({ min: 1, max: 120 }),
    }),
  },
  fc.record({ kind: fc.constant('late_failure' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('refund_bank' as const),
    pick: fc.nat(),
    simulator: fc.constantFrom(...REFUND_SIMULATORS),
  }),
  fc.record({ kind: fc.constant('limit' as const), limit: fc.integer({ min: 0, max: 3000 }) }),
  fc.record({ kind: fc.constant('clock' as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

interface Run {
  m: Merchant;
  mandateId: string;
  payments: { id: string; amount: number }[];
  refunds: string[];
  limit: number;
}

async function apply(run: Run, o: Op): Promise<void> {
  const { m } = run;
  const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
  switch (o.kind) {
    case 'pay':
      run.payments.push({ id: await collectedPayment(m, run.mandateId, o.amount, o.path), amount: o.amount });
      return;
    case 'refund': {
      const payment = pick(run.payments, o.pick);
      if (!payment) return;
      // A share of the payment, up to a fifth more than it (refused).
      const amount = Math.max(1, Math.round((payment.amount * o.amount) / 100));
      const res = await m.api.post('/refunds', { refunds: { amount, links: { payment: payment.id } } });
      expect([201, 422]).toContain(res.status);
      if (res.status === 201) {
        run.refunds.push(res.body.refunds.id);
        refundsMade++;
        // A refund that went through left the confirmed funds at or above minus the limit.
        expect((await confirmedFunds(m)) >= -run.limit).toBe(true);
      }
      return;
    }
    case 'late_failure': {
      const payment = pick(run.payments, o.pick)?.id;
      if (payment)
        await m.api.post(`/scenario_simulators/payment_late_failure/actions/run`, {
          data: { links: { resource: payment } },
        });
      return;
    }
    case 'refund_bank': {
      const refund = pick(run.refunds, o.pick);
      if (refund)
        await m.api.post(`/scenario_simulators/${o.simulator}/actions/run`, { data: { links: { resource: refund } } });
      return;
    }
    case 'limit':
      run.limit = o.limit;
      await server.services.db.transaction((tx) =>
        server.services.negativeBalanceLimits.set(tx, m.creditorId, 'GBP', o.limit),
      );
      return;
    case 'clock':
      await server.schemeClock.runDue();
  }
}

async function confirmedFunds(m: Merchant): Promise<number> {
  const balances = (await m.api.get(`/balances?creditor=${m.creditorId}`)).body.balances;
  return balances.find((b: { balance_type: string }) => b.balance_type === 'confirmed_funds')?.amount ?? 0;
}

async function checkInvariants(run: Run): Promise<void> {
  const { m } = run;
  const { rows } = await server.services.db.query<{ account: string; amount: number }>(
    `SELECT account, sum(amount)::bigint AS amount FROM ledger_entries WHERE creditor_id = $1 AND currency = 'GBP' GROUP BY account`,
    [m.creditorId],
  );
  const ledger = (account: string) => Number(rows.find((r) => r.account === account)?.amount ?? 0);
  expect(rows.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(0);
  const balances = (await m.api.get(`/balances?creditor=${m.creditorId}`)).body.balances as {
    balance_type: string;
    amount: number;
  }[];
  const answered = (type: string) => balances.find((b) => b.balance_type === type)?.amount ?? 0;
  expect(answered('confirmed_funds')).toBe(ledger('confirmed'));
  expect(answered('pending_payouts')).toBe(ledger('payout_pending'));
  expect(answered('pending_payments_submitted')).toBe(ledger('submitted'));
  const account = (await m.api.get('/payment_accounts')).body.payment_accounts[0];
  if (account) expect(account.account_balance).toBe(ledger('confirmed') + ledger('payout_pending'));

  for (const { id } of run.payments) {
    const payment = (await m.api.get(`/payments/${id}`)).body.payments;
    const refunds = (await m.api.get(`/refunds?payment=${id}`)).body.refunds as { amount: number; status: string }[];
    const standing = refunds
      .filter((r) => !['bounced', 'funds_returned', 'cancelled'].includes(r.status))
      .reduce((sum, r) => sum + r.amount, 0);
    expect(payment.amount_refunded).toBe(standing);
    expect(payment.amount_refunded).toBeLessThanOrEqual(payment.amount);
  }
}

describe('money properties', () => {
  it('keeps balances equal to the ledger, refunds within their payments and above minus the limit', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 14 }), async (ops) => {
        const m = await server.merchant(undefined, { withoutFees: true });
        const run: Run = { m, mandateId: await activeMandate(m), payments: [], refunds: [], limit: 0 };
        for (const o of ops) {
          await apply(run, o);
          await checkInvariants(run);
        }
      }),
      { seed: 1313, numRuns: 12 },
    );
    expect(refundsMade).toBeGreaterThan(5);
  }, 180_000);
});
