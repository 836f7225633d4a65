import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../../server/domain/ledger/service';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

/**
 * Issue #13's property: whatever happens to payments (confirmed, failed late, charged back) between
 * payout runs, every payout's items add up to it, nothing is paid out twice, and the balances are
 * the ledger's sums. Seeded and bounded, so a failure replays and the run stays short.
 */
let server: TestServer;
let m: Merchant;
let mandateId: string;
const clock = new ManualClock('2026-03-04T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
  mandateId = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
  await m.api.post('/scenario_simulators/mandate_activated/actions/run', { data: { links: { resource: mandateId } } });
});
afterAll(() => server?.close());

type Command =
  | { kind: 'confirm'; amount: number; appFee: number | null }
  | { kind: 'late_failure'; pick: number }
  | { kind: 'charge_back'; amount: number }
  | { kind: 'refund'; pick: number; share: number }
  | { kind: 'payout' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('confirm' as const),
    amount: fc.integer({ min: 100, max: 50_000 }),
    appFee: fc.option(fc.integer({ min: 1, max: 90 })),
  }),
  fc.record({ kind: fc.constant('late_failure' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('charge_back' as const), amount: fc.integer({ min: 100, max: 20_000 }) }),
  // A share of a payment in percent, up to a fifth more than it (refused).
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat(), share: fc.integer({ min: 1, max: 120 }) }),
  fc.constant({ kind: 'payout' as const }),
);

const paymentIds: string[] = [];
const amounts = new Map<string, number>();
let refundsMade = 0;
const simulate = (name: string, id: string) =>
  m.api.post(`/scenario_simulators/${name}/actions/run`, { data: { links: { resource: id } } });

async function newPayment(amount: number, appFee: number | null = null): Promise<string> {
  const body = {
    payments: { amount, currency: 'GBP', links: { mandate: mandateId }, ...(appFee ? { app_fee: appFee } : {}) },
  };
  const id = (await post(m.api, '/payments', body, 201)).payments.id as string;
  paymentIds.push(id);
  amounts.set(id, amount);
  return id;
}

async function apply(c: Command): Promise<void> {
  if (c.kind === 'confirm')
    expect((await simulate('payment_confirmed', await newPayment(c.amount, c.appFee))).status).toBe(200);
  if (c.kind === 'charge_back')
    expect((await simulate('payment_charged_back', await newPayment(c.amount))).status).toBe(200);
  if (c.kind === 'payout') await server.payoutRunner.runDue();
  if (c.kind === 'refund' && paymentIds.length) {
    // Refused (422) when the payment is not refundable, the amount too much, or the balance would
    // go below minus the limit (0): then nothing changes.
    const payment = paymentIds[c.pick % paymentIds.length]!;
    const amount = Math.max(1, Math.round((amounts.get(payment)! * c.share) / 100));
    const res = await m.api.post('/refunds', { refunds: { amount, links: { payment } } });
    expect([201, 422]).toContain(res.status);
    if (res.status === 201) refundsMade++;
  }
  if (c.kind === 'late_failure' && paymentIds.length) {
    // Only a paid-out payment can fail late; any other is refused and changes nothing.
    const res = await simulate('payment_late_failure', paymentIds[c.pick % paymentIds.length]!);
    expect([200, 422]).toContain(res.status);
  }
}

async function checkInvariants(): Promise<void> {
  const db = server.services.db;
  const mismatched = await db.query(
    `SELECT p.id FROM payouts p LEFT JOIN ledger_entries e
       ON e.payout_id = p.id AND e.account = 'confirmed' AND e.item_type IS NOT NULL
     WHERE p.creditor_id = $1 AND p.status <> 'bounced' GROUP BY p.id, p.amount HAVING coalesce(sum(e.amount), 0) <> p.amount`,
    [m.creditorId],
  );
  expect(mismatched.rows).toEqual([]);
  // Each collection is an item once at most, so no payment is paid out twice.
  const twice = await db.query(
    `SELECT payment_id FROM ledger_entries WHERE creditor_id = $1 AND item_type = 'payment_paid_out'
     GROUP BY payment_id HAVING count(*) > 1`,
    [m.creditorId],
  );
  expect(twice.rows).toEqual([]);
  // Every fee in a payout carries its tax part (GB, 20 % included), by SQL's own rounding (decision 0041).
  const untaxed = await db.query(
    `SELECT e.id FROM ledger_entries e JOIN payouts p ON p.id = e.payout_id
       LEFT JOIN payout_item_taxes t ON t.ledger_entry_id = e.id
     WHERE e.creditor_id = $1 AND e.item_type = 'gocardless_fee'
       AND (t.amount IS NULL OR t.amount <> round(-e.amount * 20 / 120.0) OR t.tax_rate_id <> 'GB_VAT_1')`,
    [m.creditorId],
  );
  expect(untaxed.rows).toEqual([]);
  const refundedTwice = await db.query(
    `SELECT refund_id FROM ledger_entries WHERE creditor_id = $1 AND item_type = 'refund' AND payout_id IS NOT NULL
     GROUP BY refund_id HAVING count(*) > 1`,
    [m.creditorId],
  );
  expect(refundedTwice.rows).toEqual([]);
  const sums = await db.query<{ account: string; amount: number }>(
    `SELECT account, sum(amount)::bigint AS amount FROM ledger_entries WHERE creditor_id = $1 GROUP BY account`,
    [m.creditorId],
  );
  const sumOf = (account: string) => Number(sums.rows.find((r) => r.account === account)?.amount ?? 0);
  expect(sums.rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(0);
  const balances = await balancesOf(db, m.creditorId);
  const balance = (type: string) => balances.find((b) => b.balance_type === type)?.amount ?? 0;
  expect(balance('confirmed_funds')).toBe(sumOf('confirmed'));
  expect(balance('pending_payouts')).toBe(sumOf('payout_pending'));
  const unpaid = await db.query<{ amount: number | null }>(
    `SELECT sum(amount)::bigint AS amount FROM ledger_entries WHERE creditor_id = $1 AND account = 'confirmed' AND payout_id IS NULL`,
    [m.creditorId],
  );
  expect(Number(unpaid.rows[0]!.amount ?? 0)).toBe(sumOf('confirmed'));
  // A payment shown paid out in a payout is one of that payout's items.
  const { rows: paidOut } = await db.query<{ id: string; payout_id: string }>(
    `SELECT id, payout_id FROM payments WHERE creditor_id = $1 AND payout_id IS NOT NULL`,
    [m.creditorId],
  );
  for (const payment of paidOut) {
    const { rows } = await db.query(
      `SELECT 1 FROM ledger_entries WHERE payment_id = $1 AND item_type = 'payment_paid_out' AND (payout_id = $2 OR payout_id IS NULL)`,
      [payment.id, payment.payout_id],
    );
    expect(rows.length).toBe(1);
  }
}

describe('payouts, as a property', () => {
  it('items add up, nothing is paid out twice, balances are the ledger’s sums, refunds included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 8 }), async (commands) => {
        for (const c of commands) await apply(c);
        await checkInvariants();
      }),
      { seed: 20260304, numRuns: 6, endOnFailure: true },
    );
    // The seeded runs did refund (so refunds were among the payouts' items), not only refuse.
    expect(refundsMade).toBeGreaterThan(0);
    const { rows } = await server.services.db.query(
      `SELECT 1 FROM ledger_entries WHERE creditor_id = $1 AND item_type = 'refund' AND payout_id IS NOT NULL`,
      [m.creditorId],
    );
    expect(rows.length).toBeGreaterThan(0);
  }, 120_000);
});
