import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { activeMandate, collectedPayment, ledgerBalances, simulate } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/** Issue #13: settlement simulators of payments, and events found and included by refund. */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let mandateId: string;

beforeAll(async () => {
  server = await startTestServer({ clock: new ManualClock('2026-03-02T10:00:00.000Z'), schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true });
  other = await server.merchant(undefined, { withoutFees: true });
  mandateId = await activeMandate(m);
});
afterAll(() => server?.close());

const actions = async (payment: string) =>
  (await m.api.get(`/events?payment=${payment}`)).body.events
    .filter((e: { resource_type: string }) => e.resource_type === 'payments')
    .map((e: { action: string }) => e.action);

describe('payment settlement simulators', () => {
  it('payment_chargeback_settled charges back, then settles the chargeback, its money taken once', async () => {
    const before = await ledgerBalances(server, m.creditorId);
    const payment = await collectedPayment(m, mandateId, 1200, 'payment_chargeback_settled');
    expect((await m.api.get(`/payments/${payment}`)).body.payments.status).toBe('charged_back');
    expect(await actions(payment)).toEqual([
      'chargeback_settled',
      'charged_back',
      'paid_out',
      'confirmed',
      'submitted',
      'created',
    ]);
    expect((await ledgerBalances(server, m.creditorId)).confirmed).toBe(before.confirmed);
    await simulate(m, 'payment_chargeback_settled', payment, 422);
  });

  it('payment_late_failure_settled fails a paid-out payment late and settles it', async () => {
    const payment = await collectedPayment(m, mandateId, 900);
    const before = await ledgerBalances(server, m.creditorId);
    await simulate(m, 'payment_late_failure_settled', payment);
    expect((await m.api.get(`/payments/${payment}`)).body.payments.status).toBe('failed');
    expect((await actions(payment)).slice(0, 2)).toEqual(['late_failure_settled', 'failed']);
    const after = await ledgerBalances(server, m.creditorId);
    expect(after.confirmed).toBe(before.confirmed - 900);
    expect(after.total).toBe(0);
  });
});

describe('events of refunds', () => {
  it('filters by refund and includes the refund under linked, as its own GET shows it', async () => {
    const payment = await collectedPayment(m, mandateId, 3000);
    const refund = (await m.api.post('/refunds', { refunds: { amount: 500, links: { payment } } })).body.refunds;
    await simulate(m, 'refund_paid', refund.id);
    const byRefund = await m.api.get(`/events?refund=${refund.id}`);
    expect(byRefund.body.events.map((e: { action: string }) => e.action)).toEqual(['paid', 'created']);

    const included = await m.api.get('/events?resource_type=refunds&include=refund');
    expect(included.status).toBe(200);
    const shown = (await m.api.get(`/refunds/${refund.id}`)).body.refunds;
    expect(included.body.linked.refunds).toContainEqual(shown);
    expect(included.body.events.every((e: { resource_type: string }) => e.resource_type === 'refunds')).toBe(true);

    // Another organisation sees none of it.
    expect((await other.api.get(`/events?refund=${refund.id}`)).body.events).toEqual([]);
    expect((await other.api.get('/events?resource_type=refunds&include=refund')).body.linked.refunds).toEqual([]);
  });
});
