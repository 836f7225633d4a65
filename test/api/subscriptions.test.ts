import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let m: Merchant;
let other: Merchant;

// Monday 2 March 2026, 10:00 in New York: ACH's next possible charge date is Monday 9 March.
const START = '2026-03-02T15:00:00.000Z';

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
});
afterAll(() => server?.close());

const monthly = (overrides: Record<string, unknown> = {}) => ({
  amount: 2500,
  currency: 'USD',
  interval_unit: 'monthly',
  day_of_month: 15,
  name: 'Gym membership',
  metadata: { plan: 'gold' },
  ...overrides,
});

/** A USD mandate with a subscription, fulfilled through a billing request. */
async function subscribe(merchant: Merchant, subscription: Record<string, unknown> = monthly()) {
  const { billingRequest, mandateId } = await createMandateViaBillingRequest(merchant, {
    currency: 'USD',
    subscription_request: subscription,
  });
  const id = billingRequest.links.subscription_request_subscription as string;
  return { id, mandateId, billingRequest };
}

/** Events about the subscription itself (its payments' events link it too). */
const subscriptionEvents = async (id: string) =>
  ((await m.api.get(`/events?subscription=${id}`)).body.events as any[]).filter(
    (e) => e.resource_type === 'subscriptions',
  );
const actionsOf = async (id: string) => (await subscriptionEvents(id)).map((e) => e.action);
const paymentsOf = async (subscriptionId: string) =>
  (await m.api.get(`/payments?subscription=${subscriptionId}`)).body.payments as any[];
const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;

describe('fulfilment with a subscription_request', () => {
  it('creates an active subscription, its first payment and its events', async () => {
    const { id, mandateId, billingRequest } = await subscribe(m);
    expect(id).toMatch(/^SB[0-9A-Z]{26}$/);
    expect(billingRequest.subscription_request.links.subscription).toBe(id);

    const res = await m.api.get(`/subscriptions/${id}`);
    expect(res.status).toBe(200);
    const sub = res.body.subscriptions;
    expect(sub).toMatchObject({
      id,
      amount: 2500,
      currency: 'USD',
      interval: 1,
      interval_unit: 'monthly',
      day_of_month: 15,
      name: 'Gym membership',
      retry_if_possible: false,
      status: 'active',
      metadata: { plan: 'gold' },
      links: { mandate: mandateId },
      // No start date: the first 15th on or after the next possible charge date (9 March).
      start_date: '2026-03-15',
    });
    expect(sub.end_date).toBeNull();
    // 15 March 2026 is a Sunday: charged on Monday the 16th.
    expect(sub.upcoming_payments).toHaveLength(10);
    expect(sub.upcoming_payments.slice(0, 3)).toEqual([
      { charge_date: '2026-03-16', amount: 2500 },
      { charge_date: '2026-04-15', amount: 2500 },
      { charge_date: '2026-05-15', amount: 2500 },
    ]);

    const payments = await paymentsOf(id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      amount: 2500,
      currency: 'USD',
      charge_date: '2026-03-16',
      description: 'Gym membership',
      status: 'pending_submission',
    });
    expect(payments[0].links).toMatchObject({ mandate: mandateId, subscription: id });

    expect(await actionsOf(id)).toEqual(['payment_created', 'created']);
    const created = (await m.api.get(`/events?subscription=${id}&action=created`)).body.events[0];
    expect(created).toMatchObject({
      resource_type: 'subscriptions',
      links: { subscription: id, mandate: mandateId },
      resource_metadata: { plan: 'gold' },
    });
    expect(created.details).toMatchObject({ origin: 'api', cause: 'subscription_created' });
    const paymentCreated = (await m.api.get(`/events?subscription=${id}&action=payment_created`)).body.events[0];
    expect(paymentCreated.links).toMatchObject({ subscription: id, mandate: mandateId, payment: payments[0].id });
    // The payment's own event comes from the payment service; the subscription's links the payment.
    const paymentEvents = (await m.api.get(`/events?payment=${payments[0].id}`)).body.events;
    expect(
      paymentEvents.map((e: { resource_type: string; action: string }) => `${e.resource_type}.${e.action}`),
    ).toEqual(['subscriptions.payment_created', 'payments.created']);
  });

  it('takes start_date, interval, weekly units and count; a single-payment subscription is finished at once', async () => {
    const weekly = await subscribe(m, {
      amount: 1000,
      currency: 'USD',
      interval_unit: 'weekly',
      interval: 2,
      start_date: '2026-03-10',
      count: 3,
    });
    const sub = (await m.api.get(`/subscriptions/${weekly.id}`)).body.subscriptions;
    expect(sub).toMatchObject({ start_date: '2026-03-10', interval: 2, count: 3, status: 'active' });
    expect(sub.upcoming_payments.map((p: { charge_date: string }) => p.charge_date)).toEqual([
      '2026-03-10',
      '2026-03-24',
      '2026-04-07',
    ]);

    const once = await subscribe(m, {
      amount: 1000,
      currency: 'USD',
      interval_unit: 'yearly',
      month: 'june',
      day_of_month: -1,
      count: 1,
    });
    const finished = (await m.api.get(`/subscriptions/${once.id}`)).body.subscriptions;
    expect(finished).toMatchObject({
      status: 'finished',
      month: 'june',
      day_of_month: -1,
      start_date: '2026-06-30',
      upcoming_payments: [],
    });
    expect((await paymentsOf(once.id)).map((p) => p.charge_date)).toEqual(['2026-06-30']);
    expect(await actionsOf(once.id)).toEqual(['finished', 'payment_created', 'created']);
  });

  it('refuses a start date before the mandate can be charged, and leaves the billing request ready to fulfil', async () => {
    const br = (
      await post(
        m.api,
        '/billing_requests',
        {
          billing_requests: {
            mandate_request: { currency: 'USD' },
            subscription_request: monthly({ start_date: '2026-03-03' }),
          },
        },
        201,
      )
    ).billing_requests;
    const actions = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${actions}/collect_customer_details`, { data: CUSTOMER_DETAILS.USD });
    await post(m.api, `${actions}/collect_bank_account`, { data: SANDBOX_ACCOUNTS.USD });
    await post(m.api, `${actions}/confirm_payer_details`, { data: {} });
    const res = await m.api.post(`${actions}/fulfil`, { data: {} });
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0]).toMatchObject({
      field: 'subscription_request.start_date',
      message: expect.stringContaining('2026-03-09'),
    });
    expect((await m.api.get(`/billing_requests/${br.id}`)).body.billing_requests.status).toBe('ready_to_fulfil');
  });
});

describe('GET /subscriptions', () => {
  it('lists newest first with mandate, customer, status and created_at filters; other organisations see nothing', async () => {
    const a = await subscribe(m);
    const b = await subscribe(m);
    await m.api.post(`/subscriptions/${b.id}/actions/cancel`, { data: {} });
    const customerOfA = (await m.api.get(`/mandates/${a.mandateId}`)).body.mandates.links.customer;

    const all = await m.api.get('/subscriptions?limit=2');
    expect(all.status).toBe(200);
    expect(all.body.subscriptions.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
    expect(all.body.meta).toMatchObject({ limit: 2, cursors: { before: null } });

    expect(
      (await m.api.get(`/subscriptions?mandate=${a.mandateId}`)).body.subscriptions.map((s: { id: string }) => s.id),
    ).toEqual([a.id]);
    expect(
      (await m.api.get(`/subscriptions?customer=${customerOfA}`)).body.subscriptions.map((s: { id: string }) => s.id),
    ).toEqual([a.id]);
    const cancelled = (await m.api.get('/subscriptions?status=cancelled')).body.subscriptions.map(
      (s: { id: string }) => s.id,
    );
    expect(cancelled).toContain(b.id);
    expect(cancelled).not.toContain(a.id);
    const both = (await m.api.get('/subscriptions?status=active,cancelled')).body.subscriptions.map(
      (s: { id: string }) => s.id,
    );
    expect(both).toEqual(expect.arrayContaining([a.id, b.id]));
    expect((await m.api.get('/subscriptions?status=sleeping')).status).toBe(422);
    expect(
      (await m.api.get(`/subscriptions?created_at[gt]=${encodeURIComponent('2026-03-02T15:00:00.000Z')}`)).body
        .subscriptions,
    ).toEqual([]);
    expect(
      (await m.api.get(`/subscriptions?created_at[gte]=${encodeURIComponent(START)}&limit=500`)).body.subscriptions
        .length,
    ).toBeGreaterThanOrEqual(2);

    expect((await other.api.get('/subscriptions')).body.subscriptions).toEqual([]);
    const hidden = await other.api.get(`/subscriptions/${a.id}`);
    expect(hidden.status).toBe(404);
    expect(reasonOf(hidden)).toBe('resource_not_found');
    expect((await other.api.post(`/subscriptions/${a.id}/actions/cancel`, { data: {} })).status).toBe(404);
  });
});

describe('PUT /subscriptions/{id}', () => {
  it('changes the amount and name of payments to come (event amended); metadata alone writes no event', async () => {
    const { id } = await subscribe(m);
    const res = await m.api.put(`/subscriptions/${id}`, { subscriptions: { amount: 3000, name: 'Gym plus' } });
    expect(res.status).toBe(200);
    expect(res.body.subscriptions).toMatchObject({ amount: 3000, name: 'Gym plus', metadata: { plan: 'gold' } });
    expect(res.body.subscriptions.upcoming_payments[0]).toEqual({ charge_date: '2026-03-16', amount: 3000 });
    await m.api.put(`/subscriptions/${id}`, { subscriptions: { metadata: { plan: 'platinum' } } });
    expect(await actionsOf(id)).toEqual(['amended', 'payment_created', 'created']);

    const tooLong = await m.api.put(`/subscriptions/${id}`, { subscriptions: { name: 'x'.repeat(256) } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.error.errors[0].field).toBe('name');
  });
});

describe('POST /subscriptions/{id}/actions/cancel', () => {
  it('cancels the subscription and its pending payments with the metadata given; a second cancel fails', async () => {
    const { id } = await subscribe(m);
    const res = await m.api.post(`/subscriptions/${id}/actions/cancel`, {
      data: { metadata: { reason: 'moved away' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.subscriptions).toMatchObject({ status: 'cancelled', upcoming_payments: [] });
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['cancelled']);
    const event = (await m.api.get(`/events?subscription=${id}&action=cancelled`)).body.events[0];
    expect(event).toMatchObject({
      resource_type: 'subscriptions',
      metadata: { reason: 'moved away' },
      details: { cause: 'subscription_cancelled' },
    });
    const { rows } = await server.services.db.query('SELECT 1 FROM scheduled_transitions WHERE resource_id = $1', [id]);
    expect(rows).toEqual([]);

    const again = await m.api.post(`/subscriptions/${id}/actions/cancel`, { subscriptions: {} });
    expect(again.status).toBe(422);
    expect(reasonOf(again)).toBe('cancellation_failed');
  });

  it('cancelling the mandate cancels its subscriptions and their pending payments', async () => {
    const { id, mandateId } = await subscribe(m);
    await post(m.api, `/mandates/${mandateId}/actions/cancel`, { data: {} });
    expect((await m.api.get(`/subscriptions/${id}`)).body.subscriptions.status).toBe('cancelled');
    expect((await paymentsOf(id)).map((p) => p.status)).toEqual(['cancelled']);
    const event = (await m.api.get(`/events?subscription=${id}&action=cancelled`)).body.events[0];
    expect(event.details).toMatchObject({ cause: 'mandate_cancelled' });
    expect(reasonOf(await m.api.post(`/subscriptions/${id}/actions/cancel`, { data: {} }))).toBe('cancellation_failed');
  });
});

describe('the scheme clock', () => {
  it('creates each next payment ahead of its charge date, then finishes the subscription after count payments', async () => {
    clock.set(START);
    const { id } = await subscribe(m, monthly({ count: 2 }));
    expect(await paymentsOf(id)).toHaveLength(1);
    const { rows } = await server.services.db.query<{ transition: string; due_at: Date }>(
      "SELECT transition, due_at FROM scheduled_transitions WHERE resource_type = 'subscriptions' AND resource_id = $1",
      [id],
    );
    // The second charge (15 April) is created 30 days ahead.
    expect(rows).toEqual([{ transition: 'create_payment', due_at: new Date('2026-03-16T00:00:00.000Z') }]);

    await server.schemeClock.runDue();
    expect(await paymentsOf(id)).toHaveLength(1);

    clock.set('2026-03-16T00:00:01.000Z');
    await server.schemeClock.runDue();
    const payments = await paymentsOf(id);
    expect(payments.map((p) => p.charge_date)).toEqual(['2026-04-15', '2026-03-16']);
    expect(payments[0]).toMatchObject({ amount: 2500, status: 'pending_submission', links: { subscription: id } });
    const sub = (await m.api.get(`/subscriptions/${id}`)).body.subscriptions;
    expect(sub).toMatchObject({ status: 'finished', upcoming_payments: [] });
    const events = await subscriptionEvents(id);
    expect(events.map((e) => e.action)).toEqual(['finished', 'payment_created', 'payment_created', 'created']);
    expect(events[1].details).toMatchObject({ origin: 'gocardless', cause: 'payment_created' });
    const left = await server.services.db.query('SELECT 1 FROM scheduled_transitions WHERE resource_id = $1', [id]);
    expect(left.rows).toEqual([]);
    expect(reasonOf(await m.api.post(`/subscriptions/${id}/actions/cancel`, { data: {} }))).toBe('cancellation_failed');
  });

  it('moves a charge date the clock reached too late to the earliest possible date', async () => {
    clock.set(START);
    const { id } = await subscribe(m, {
      amount: 1000,
      currency: 'USD',
      interval_unit: 'weekly',
      start_date: '2026-03-10',
    });
    // The second charge (17 March) was due for creation at once; run the clock almost a week late.
    clock.set('2026-03-16T15:00:00.000Z');
    await server.schemeClock.runDue();
    const dates = (await paymentsOf(id)).map((p) => p.charge_date);
    // 17 March is now too soon: 16 March + 5 business days. The later charges keep their weekly
    // dates, each created once within 30 days of it; 21 April's creation waits until 22 March.
    expect(dates).toEqual(['2026-04-14', '2026-04-07', '2026-03-31', '2026-03-24', '2026-03-23', '2026-03-10']);
    const { rows } = await server.services.db.query<{ due_at: Date }>(
      'SELECT due_at FROM scheduled_transitions WHERE resource_id = $1',
      [id],
    );
    expect(rows).toEqual([{ due_at: new Date('2026-03-22T00:00:00.000Z') }]);
    clock.set(START);
  });
});
