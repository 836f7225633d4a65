import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { exportOf, sumOf } from '../support/exports';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { activeMandate, collectedPayment } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Exports of events per resource type and of payouts broken down (issue #22, decision 0040): built
 * from data made through the API, read back as CSV, matched against the API's own answers, and
 * never holding another organisation's rows.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

/** A mandate, two payments collected, a refund, a subscription and payouts: for each merchant. */
async function history(merchant: Merchant) {
  const mandateId = await activeMandate(merchant);
  const first = await collectedPayment(merchant, mandateId, 5000, 'payment_confirmed');
  await collectedPayment(merchant, mandateId, 2500, 'payment_confirmed');
  await post(merchant.api, '/refunds', { refunds: { amount: 1000, links: { payment: first } } }, 201);
  await server.schemeClock.runDue();
  const subscription = {
    subscriptions: { amount: 1500, currency: 'GBP', interval_unit: 'monthly', links: { mandate: mandateId } },
  };
  await post(merchant.api, '/subscriptions', subscription, 201);
  await server.payoutRunner.runDue();
  clock.advance(86_400_000);
  await collectedPayment(merchant, mandateId, 1200, 'payment_confirmed');
  await server.payoutRunner.runDue();
  clock.advance(3 * 86_400_000);
  await server.payoutRunner.runDue();
}

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
  other = await server.merchant(undefined, { payoutAccounts: true });
  await history(m);
  await history(other);
}, 180_000);
afterAll(() => server?.close());

const eventsOf = async (merchant: Merchant, query: string) =>
  (await merchant.api.get(`/events?${query}&limit=500`)).body.events as any[];
const payoutsOf = async (merchant: Merchant) => (await merchant.api.get('/payouts?limit=500')).body.payouts as any[];
const itemsOf = async (payoutId: string) =>
  (await m.api.get(`/payout_items?payout=${payoutId}&limit=500`)).body.payout_items as any[];
const rowsOf = (rows: Record<string, string>[], payoutId: string) => rows.filter((r) => r['payout.id'] === payoutId);

describe('event breakdowns per resource type', () => {
  it.each([
    ['payment_events', 'payments', 'payment'],
    ['subscription_events', 'subscriptions', 'subscription'],
    ['payout_events', 'payouts', 'payout'],
    ['refund_events', 'refunds', 'refund'],
    ['mandate_events', 'mandates', 'mandate'],
  ] as const)(
    '%s: every event of %s, newest first, with its resource’s fields; none of another organisation’s',
    async (type, resourceType, key) => {
      const file = await exportOf(server, m, type);
      const api = await eventsOf(m, `resource_type=${resourceType}`);
      expect(api.length, resourceType).toBeGreaterThan(0);
      expect(file.rows.map((r) => r.id)).toEqual(api.map((e) => e.id));
      for (const event of api) {
        const line = file.rows.find((r) => r.id === event.id)!;
        expect(line).toMatchObject({
          action: event.action,
          created_at: event.created_at,
          [`${key}.id`]: event.links[key],
        });
        expect(line['details.cause']).toBe(event.details.cause);
        const resource = (await m.api.get(`/${resourceType}/${event.links[key]}`)).body[resourceType];
        expect(line[`${key}.status`]).toBe(resource.status);
        if ('amount' in resource) expect(line[`${key}.amount`]).toBe(String(resource.amount));
      }
      const theirs = await eventsOf(other, `resource_type=${resourceType}`);
      expect(theirs.length).toBeGreaterThan(0);
      const exported = new Set(file.rows.flatMap((r) => [r.id, r[`${key}.id`]]));
      for (const event of theirs) {
        expect(exported.has(event.id)).toBe(false);
        expect(exported.has(event.links[key])).toBe(false);
      }
    },
  );

  it('keeps money resources’ events to the export’s currency', async () => {
    expect((await exportOf(server, m, 'payment_events', { currency: 'EUR' })).rows).toEqual([]);
    expect((await exportOf(server, m, 'payout_events', { currency: 'EUR' })).rows).toEqual([]);
    // Mandates hold no money: their events are in whatever currency is asked.
    expect((await exportOf(server, m, 'mandate_events', { currency: 'EUR' })).rows.length).toBeGreaterThan(0);
  });
});

describe('payout breakdowns', () => {
  let payouts: any[];
  let theirPayouts: string[];
  beforeAll(async () => {
    payouts = await payoutsOf(m);
    theirPayouts = (await payoutsOf(other)).map((p) => p.id);
    expect(payouts.length).toBeGreaterThanOrEqual(2);
    expect(theirPayouts.length).toBeGreaterThanOrEqual(1);
  });

  const noneOfTheirs = (rows: Record<string, string>[]) => {
    for (const row of rows) expect(theirPayouts).not.toContain(row['payout.id']);
  };

  it('payout_transactions_breakdown: one row per item; each payout’s rows add up to its amount (pages of 2)', async () => {
    const { rows } = await exportOf(server, m, 'payout_transactions_breakdown', { pageSize: 2 });
    expect(new Set(rows.map((r) => r['payout.id']))).toEqual(new Set(payouts.map((p) => p.id)));
    for (const payout of payouts) {
      const lines = rowsOf(rows, payout.id);
      const items = await itemsOf(payout.id);
      expect(lines.map((l) => [l.type, l.amount, l['links.payment']])).toEqual(
        items.map((i) => [i.type, i.amount, i.links.payment ?? '']),
      );
      expect(sumOf(lines)).toBe(payout.amount);
      expect(lines.every((l) => l['payout.reference'] === payout.reference && l.currency === 'GBP')).toBe(true);
    }
    expect(rows.some((r) => r.type === 'gocardless_fee' && Number(r.amount) < 0)).toBe(true);
    expect(rows.some((r) => r.type === 'refund')).toBe(true);
    noneOfTheirs(rows);
  });

  it('payout_transactions_reconciliation: running totals, then a payout line with no difference (pages of 2)', async () => {
    const { rows } = await exportOf(server, m, 'payout_transactions_reconciliation', { pageSize: 2 });
    for (const payout of payouts) {
      const lines = rowsOf(rows, payout.id);
      const last = lines.at(-1)!;
      expect(last).toMatchObject({ line: 'payout', type: 'payout', amount: String(payout.amount), difference: '0' });
      const items = lines.slice(0, -1);
      expect(items.length).toBe((await itemsOf(payout.id)).length);
      let total = 0;
      for (const item of items) {
        total += Number(item.amount);
        expect(item).toMatchObject({ line: 'item', running_total: String(total) });
      }
      expect(last.running_total).toBe(String(payout.amount));
    }
    noneOfTheirs(rows);
  });

  it('payout_events_breakdown: the events linked to each payout, with the payment’s amount', async () => {
    const { rows } = await exportOf(server, m, 'payout_events_breakdown', { pageSize: 2 });
    for (const payout of payouts) {
      const api = await eventsOf(m, `payout=${payout.id}`);
      const lines = rowsOf(rows, payout.id);
      expect(lines.map((l) => l['event.id'])).toEqual(api.map((e) => e.id));
      const paidOut = lines.filter((l) => l['event.resource_type'] === 'payments');
      expect(paidOut.length).toBeGreaterThan(0);
      for (const line of paidOut) {
        const payment = (await m.api.get(`/payments/${line['event.links.payment']}`)).body.payments;
        expect(line['payment.amount']).toBe(String(payment.amount));
      }
    }
    noneOfTheirs(rows);
  });

  it('payout_events_reconciliation: one row per payout, its items summed per type, no difference', async () => {
    const { rows } = await exportOf(server, m, 'payout_events_reconciliation');
    expect(rows.map((r) => r['payout.id'])).toEqual(payouts.map((p) => p.id));
    for (const payout of payouts) {
      const [row] = rowsOf(rows, payout.id);
      const items = await itemsOf(payout.id);
      const paidOut = items.filter((i) => i.type === 'payment_paid_out').reduce((s, i) => s + Number(i.amount), 0);
      expect(row).toMatchObject({
        'payout.amount': String(payout.amount),
        payment_paid_out: String(paidOut),
        items_total: String(payout.amount),
        difference: '0',
        deducted_fees: String(payout.deducted_fees),
      });
    }
    noneOfTheirs(rows);
  });
});
