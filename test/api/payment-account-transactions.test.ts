import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { ApiResponse } from '../support/client';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { activeMandate, collectedPayment } from '../support/money';
import { createOutbound, key, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #22: a payment account's transactions are every credit and debit of its balance, read
 * from the same ledger entries: the balance after the newest one is the account's balance.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let accountId: string;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

interface Transaction {
  id: string;
  amount: number;
  balance_after_transaction: number;
  direction: 'credit' | 'debit';
  description: string;
  value_date: string;
  counterparty_name?: string;
  reference?: string;
  links: { payment_bank_account: string; outbound_payment?: string; payout?: string };
}

const RANGE = 'value_date_from=2026-03-01&value_date_to=2026-03-31';
const list = async (query = '', client = m.api) =>
  (await client.get(`/payment_accounts/${accountId}/transactions?${RANGE}&limit=500${query}`)).body
    .payment_account_transactions as Transaction[];
const balance = async () => (await m.api.get(`/payment_accounts/${accountId}`)).body.payment_accounts.account_balance;

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
  other = await server.merchant(undefined, { withoutFees: true });
  const mandateId = await activeMandate(m);
  // Money in, money out by an outbound payment (one executed, one cancelled), a refund, a payout.
  const paymentId = await collectedPayment(m, mandateId, 10_000, 'payment_confirmed');
  clock.advance(1000);
  const jane = await recipient(m, 'Jane Doe');
  const sent = await createOutbound(m, jane, 3000, { reference: 'RENT-MAR' });
  await server.schemeClock.runDue();
  clock.advance(1000);
  const cancelled = await createOutbound(m, jane, 500, { execution_date: '2026-03-20' });
  await m.api.post(`/outbound_payments/${cancelled.id}/actions/cancel`, { data: {} }, key());
  await post(m.api, '/refunds', { refunds: { amount: 1000, links: { payment: paymentId } } }, 201);
  clock.advance(1000);
  await collectedPayment(m, mandateId, 2000, 'payment_confirmed');
  await server.payoutRunner.runDue();
  await server.payoutRunner.runDue();
  accountId = (await m.api.get('/payment_accounts')).body.payment_accounts[0].id;
  expect(sent.status).toBe('scheduled');
});
afterAll(() => server?.close());

describe('GET /payment_accounts/{id}/transactions', () => {
  it('lists every credit and debit newest first, each with the balance after it; the newest one is the balance', async () => {
    const all = await list();
    const oldestFirst = [...all].reverse();
    expect(oldestFirst.map((t) => [t.direction, t.amount, t.description])).toEqual([
      ['credit', 10_000, 'Payment collected'],
      ['debit', 3000, 'Outbound payment'],
      ['debit', 500, 'Outbound payment'],
      ['credit', 500, 'Outbound payment returned'],
      ['debit', 1000, 'Refund'],
      ['credit', 2000, 'Payment collected'],
      ['debit', 8000, 'Payout'],
    ]);
    let running = 0;
    for (const t of oldestFirst) {
      running += t.direction === 'credit' ? t.amount : -t.amount;
      expect(t.balance_after_transaction).toBe(running);
      expect(t.links.payment_bank_account).toBe(accountId);
      expect(t.id).toMatch(/^PATR[0-9A-Z]{26}$/);
      expect(t.value_date).toBe('2026-03-02');
    }
    expect(all[0]!.balance_after_transaction).toBe(await balance());
    expect(oldestFirst[1]).toMatchObject({ counterparty_name: 'Jane Doe', reference: 'RENT-MAR' });
    expect(oldestFirst[1]!.links.outbound_payment).toMatch(/^OUT/);
    expect(all[0]!.links.payout).toMatch(/^PO/);
  });

  it('filters by direction and value date, pages with cursors, and requires the value-date range', async () => {
    const all = await list();
    expect((await list('&direction=credit')).map((t) => t.id)).toEqual(
      all.filter((t) => t.direction === 'credit').map((t) => t.id),
    );
    expect((await list('&direction=debit')).every((t) => t.direction === 'debit')).toBe(true);
    const march3 = await m.api.get(
      `/payment_accounts/${accountId}/transactions?value_date_from=2026-03-03&value_date_to=2026-03-31`,
    );
    expect(march3.body.payment_account_transactions).toEqual([]);

    const seen: string[] = [];
    let after: string | null = null;
    do {
      const res: ApiResponse = await m.api.get(
        `/payment_accounts/${accountId}/transactions?${RANGE}&limit=3${after ? `&after=${after}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.payment_account_transactions.map((t: Transaction) => t.id));
      after = res.body.meta.cursors.after;
    } while (after);
    expect(seen).toEqual(all.map((t) => t.id));

    for (const query of [
      '',
      'value_date_from=2026-03-01',
      'value_date_to=2026-03-01',
      `${RANGE}&direction=up`,
      'value_date_from=x&value_date_to=y',
    ]) {
      const res = await m.api.get(`/payment_accounts/${accountId}/transactions?${query}`);
      expect(res.status, query).toBeGreaterThanOrEqual(400);
      expect(res.status, query).toBeLessThan(500);
    }
  });

  it("is the organisation's own: another organisation's account is 404, a read-only token may read", async () => {
    const res = await other.api.get(`/payment_accounts/${accountId}/transactions?${RANGE}`);
    expect(res.status).toBe(404);
    expect(res.body.error.errors[0].reason).toBe('resource_not_found');
    expect((await list('', m.readOnly)).length).toBe(7);
  });
});

describe('GET /payment_account_transactions/{id}', () => {
  it("answers one transaction as the list does; another organisation's or an unknown id is 404", async () => {
    for (const t of await list()) {
      const res = await m.readOnly.get(`/payment_account_transactions/${t.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.payment_account_transactions).toEqual(t);
      expect((await other.api.get(`/payment_account_transactions/${t.id}`)).status).toBe(404);
    }
    for (const id of ['PATR00000000000000000000000000', 'LP01ABC', 'nope']) {
      const res = await m.api.get(`/payment_account_transactions/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.errors[0].reason).toBe('resource_not_found');
    }
  });
});
