import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../../server/domain/ledger/service';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

/**
 * Issue #13's "a ledger first": a payment's money moves on the ledger in the same transaction as
 * its state move and event, driven here through the API's simulators, and read back as balances.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
  // This file follows the payment's own money; fees (payouts.test.ts) are left out of its sums.
  await server.services.db.transaction((tx) =>
    server.services.fees.set(tx, m.organisationId, { percentBasisPoints: 0, fixedMinor: 0, capMinor: null }),
  );
});
afterAll(() => server?.close());

const run = (simulator: string, resource: string) =>
  m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });

async function balances() {
  const rows = await balancesOf(server.services.db, m.creditorId);
  const of = (type: string) => rows.find((b) => b.currency === 'GBP' && b.balance_type === type)?.amount ?? 0;
  return {
    submitted: of('pending_payments_submitted'),
    confirmed: of('confirmed_funds'),
    payouts: of('pending_payouts'),
  };
}

async function ledgerSum(): Promise<number> {
  const { rows } = await server.services.db.query<{ sum: string | null }>(
    'SELECT sum(amount)::text AS sum FROM ledger_entries WHERE creditor_id = $1',
    [m.creditorId],
  );
  return Number(rows[0]!.sum ?? 0);
}

async function newPayment(amount: number) {
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  expect((await run('mandate_activated', mandateId)).status).toBe(200);
  return (await post(m.api, '/payments', { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } }, 201))
    .payments as { id: string };
}

describe('payments on the ledger', () => {
  it('counts a payment as submitted, then confirmed, and takes it back on a late failure', async () => {
    const before = await balances();
    const payment = await newPayment(2500);
    expect(await balances()).toEqual(before);

    expect((await run('payment_submitted', payment.id)).status).toBe(200);
    expect(await balances()).toEqual({ ...before, submitted: before.submitted + 2500 });

    // The simulators start from pending_submission: a second payment is submitted and confirmed.
    const confirmed = await newPayment(4000);
    expect((await run('payment_confirmed', confirmed.id)).status).toBe(200);
    expect(await balances()).toEqual({
      ...before,
      submitted: before.submitted + 2500,
      confirmed: before.confirmed + 4000,
    });

    // A late failure (after the payout) takes the confirmed funds back.
    const late = await newPayment(600);
    expect((await run('payment_late_failure', late.id)).status).toBe(200);
    expect(await balances()).toEqual({
      ...before,
      submitted: before.submitted + 2500,
      confirmed: before.confirmed + 4000,
    });
    expect(await ledgerSum()).toBe(0);
  });

  it('undoes the submission of a payment that fails before it is confirmed', async () => {
    const before = await balances();
    const payment = await newPayment(1200);
    expect((await run('payment_failed', payment.id)).status).toBe(200);
    expect(await balances()).toEqual(before);
    const { rows } = await server.services.db.query<{ account: string; amount: number }>(
      'SELECT account, amount FROM ledger_entries WHERE payment_id = $1 ORDER BY id',
      [payment.id],
    );
    expect(rows.map((r) => [r.account, Number(r.amount)])).toEqual([
      ['payer', -1200],
      ['submitted', 1200],
      ['submitted', -1200],
      ['payer', 1200],
    ]);
  });

  it('takes a chargeback from the confirmed funds', async () => {
    const before = await balances();
    const payment = await newPayment(900);
    expect((await run('payment_charged_back', payment.id)).status).toBe(200);
    expect(await balances()).toEqual(before);
    expect(await ledgerSum()).toBe(0);
  });

  it('writes nothing to the ledger for a refused move', async () => {
    const payment = await newPayment(700);
    expect((await run('payment_confirmed', payment.id)).status).toBe(200);
    const after = await balances();
    const again = await run('payment_submitted', payment.id);
    expect(again.status).toBe(422);
    expect(await balances()).toEqual(after);
  });
});
