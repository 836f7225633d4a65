import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { activeMandate, collectedPayment, countRows, ledgerBalances, simulate } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #13: balances and payment accounts read from the ledger, negative balance limits, and
 * refunds that can never take the balance below minus the limit, even sent at the same time.
 */
let server: TestServer;
let other: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  other = await server.merchant(undefined, { withoutFees: true });
});
afterAll(() => server?.close());

const refund = (payment: string, amount: number) => ({ refunds: { amount, links: { payment } } });
const setLimit = (creditorId: string, limit: number) =>
  server.services.db.transaction((tx) => server.services.negativeBalanceLimits.set(tx, creditorId, 'GBP', limit));

/** A merchant whose GBP balance is `balance` while two paid-out payments of `each` stay fully refundable. */
async function merchantWithBalance(each: number, debt: number) {
  const m = await server.merchant(undefined, { withoutFees: true });
  const mandateId = await activeMandate(m);
  const payments = [await collectedPayment(m, mandateId, each), await collectedPayment(m, mandateId, each)];
  // A refunded payment that then fails late leaves a debt the other payments' refunds must respect.
  const failing = await collectedPayment(m, mandateId, debt);
  expect((await m.api.post('/refunds', refund(failing, debt))).status).toBe(201);
  await simulate(m, 'payment_late_failure', failing);
  expect((await ledgerBalances(server, m.creditorId)).confirmed).toBe(2 * each - debt);
  return { m, mandateId, payments };
}

describe('the negative balance limit on refunds', () => {
  it('refuses a refund below zero with available_refund_amount_insufficient, writing nothing; a limit allows it', async () => {
    const { m, payments } = await merchantWithBalance(1000, 2500);
    const [first] = payments as [string, string];
    const before = {
      ledger: await ledgerBalances(server, m.creditorId),
      refunds: await countRows(server, 'refunds', m.creditorId),
      events: await countRows(server, 'events', m.creditorId),
    };
    const res = await m.api.post('/refunds', refund(first, 100));
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors[0]).toMatchObject({
      reason: 'available_refund_amount_insufficient',
      metadata: { available_refund_amount: 0 },
    });
    expect({
      ledger: await ledgerBalances(server, m.creditorId),
      refunds: await countRows(server, 'refunds', m.creditorId),
      events: await countRows(server, 'events', m.creditorId),
    }).toEqual(before);
    expect((await m.api.get(`/payments/${first}`)).body.payments.amount_refunded).toBe(0);

    // Balance -500; a limit of 1000 lets refunds take it down to -1000 and no further.
    await setLimit(m.creditorId, 1000);
    expect((await m.api.post('/refunds', refund(first, 400))).status).toBe(201);
    const over = await m.api.post('/refunds', refund(first, 101));
    expect(over.status).toBe(422);
    expect(over.body.error.errors[0].metadata).toEqual({ available_refund_amount: 100 });
    expect((await m.api.post('/refunds', refund(first, 100))).status).toBe(201);
    expect((await ledgerBalances(server, m.creditorId)).confirmed).toBe(-1000);
  });

  it('lets only one of two refunds of the last remaining amount of a payment through, sent at once', async () => {
    const { m, payments } = await merchantWithBalance(1000, 100);
    const [first] = payments as [string, string];
    expect((await m.api.post('/refunds', refund(first, 300))).status).toBe(201);
    const answers = await Promise.all([
      m.api.post('/refunds', refund(first, 700)),
      m.api.post('/refunds', refund(first, 700)),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect((await m.api.get(`/payments/${first}`)).body.payments.amount_refunded).toBe(1000);
    expect((await m.api.get(`/refunds?payment=${first}`)).body.refunds).toHaveLength(2);
  });

  it('lets only one of two refunds of different payments through when the balance covers one, sent at once', async () => {
    const { m, payments } = await merchantWithBalance(1000, 1000);
    const answers = await Promise.all(payments.map((p) => m.api.post('/refunds', refund(p, 1000))));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const refusal = answers.find((a) => a.status === 422)!;
    expect(refusal.body.error.errors[0].reason).toBe('available_refund_amount_insufficient');
    const ledger = await ledgerBalances(server, m.creditorId);
    expect(ledger.confirmed).toBe(0);
    expect(ledger.total).toBe(0);
  });
});

describe('GET /negative_balance_limits', () => {
  it('lists the limits set, by creditor and currency; none set means none listed (the default, 0)', async () => {
    const m = await server.merchant(undefined, { withoutFees: true });
    expect((await m.api.get('/negative_balance_limits')).body.negative_balance_limits).toEqual([]);
    const set = await setLimit(m.creditorId, 2500);
    const res = await m.readOnly.get(`/negative_balance_limits?creditor=${m.creditorId}&currency=GBP`);
    expect(res.status).toBe(200);
    expect(res.body.negative_balance_limits).toEqual([
      {
        id: set.id,
        created_at: set.created_at.toISOString(),
        balance_limit: 2500,
        currency: 'GBP',
        links: { creditor: m.creditorId },
      },
    ]);
    expect(set.id).toMatch(/^NBL[0-9A-Z]{26}$/);
    expect((await m.api.get('/negative_balance_limits?currency=EUR')).body.negative_balance_limits).toEqual([]);
    expect((await m.api.get('/negative_balance_limits?limit=1')).body.meta.limit).toBe(1);
    // Another organisation's creditor is not found, and its limits are never listed.
    expect((await m.api.get(`/negative_balance_limits?creditor=${other.creditorId}`)).status).toBe(404);
    expect((await other.api.get('/negative_balance_limits')).body.negative_balance_limits).toEqual([]);
    expect((await m.api.get('/negative_balance_limits?currency=XXX')).status).toBe(422);
    expect((await m.api.get('/negative_balance_limits?surprise=1')).status).toBe(400);
  });
});

describe('GET /balances and /payment_accounts', () => {
  it('answers each balance type per currency from the ledger; creditor is required and must be yours', async () => {
    const { m } = await merchantWithBalance(1000, 500);
    const mandateId = await activeMandate(m);
    await collectedPayment(m, mandateId, 250, 'payment_submitted');
    const res = await m.readOnly.get(`/balances?creditor=${m.creditorId}`);
    expect(res.status).toBe(200);
    const byType = Object.fromEntries(
      res.body.balances.map((b: { balance_type: string; amount: number }) => [b.balance_type, b]),
    );
    expect(byType.confirmed_funds).toMatchObject({ amount: 1500, currency: 'GBP', links: { creditor: m.creditorId } });
    expect(byType.pending_payments_submitted.amount).toBe(250);
    expect(byType.pending_payouts.amount).toBe(0);
    expect(res.body.balances).toHaveLength(3);
    expect(res.body.balances[0].last_updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    expect((await m.api.get('/balances')).status).toBeGreaterThanOrEqual(400);
    expect((await m.api.get(`/balances?creditor=${other.creditorId}`)).status).toBe(404);
    expect((await m.api.get('/balances?creditor=CR00000000000000000000000000')).status).toBe(404);
    const fresh = await server.merchant(undefined, { withoutFees: true });
    expect((await fresh.api.get(`/balances?creditor=${fresh.creditorId}`)).body.balances).toEqual([]);
  });

  it('lists the payment account the service holds per creditor and currency, its balance from the ledger', async () => {
    const { m } = await merchantWithBalance(1000, 500);
    const res = await m.readOnly.get('/payment_accounts');
    expect(res.status).toBe(200);
    expect(res.body.payment_accounts).toHaveLength(1);
    const account = res.body.payment_accounts[0];
    expect(account).toMatchObject({
      account_balance: 1500,
      currency: 'GBP',
      links: { creditor: m.creditorId },
    });
    expect(account.id).toMatch(/^BA[0-9A-Z]{26}$/);
    expect(account.account_number_ending).toMatch(/^\d{2}$/);
    expect(account.account_holder_name).toMatch(/^[A-Z0-9 &./-]{1,18}$/);
    expect((await m.api.get(`/payment_accounts/${account.id}`)).body.payment_accounts).toEqual(account);
    expect((await other.api.get(`/payment_accounts/${account.id}`)).status).toBe(404);
    expect((await other.api.get('/payment_accounts')).body.payment_accounts).toEqual([]);
    expect((await m.api.get('/payment_accounts/BA00000000000000000000000000')).status).toBe(404);
    expect((await m.api.get('/payment_accounts?creditor=x')).status).toBe(400);
  });
});
