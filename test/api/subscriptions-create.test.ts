import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let m: Merchant;
let other: Merchant;
let bacs: { id: string; next_possible_charge_date: string };
let sepa: { id: string; next_possible_charge_date: string };

// Monday 2 March 2026, 10:00 in London.
const START = '2026-03-02T10:00:00.000Z';

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
  const gbp = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  bacs = (await m.api.get(`/mandates/${gbp.mandateId}`)).body.mandates;
  const eur = await createMandateViaBillingRequest(m, { currency: 'EUR' });
  sepa = (await m.api.get(`/mandates/${eur.mandateId}`)).body.mandates;
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;
const fieldsOf = (res: { body: any }) => res.body.error.errors.map((e: { field: string }) => e.field);
const monthly = (overrides: Record<string, unknown> = {}) => ({
  subscriptions: {
    amount: 1500,
    currency: 'GBP',
    interval_unit: 'monthly',
    day_of_month: 1,
    name: 'Magazine',
    links: { mandate: bacs.id },
    ...overrides,
  },
});
const countSubscriptions = async () =>
  (await server.services.db.query<{ n: number }>('SELECT count(*)::int AS n FROM subscriptions')).rows[0]!.n;
const paymentsOf = async (id: string) =>
  (await m.api.get(`/payments?subscription=${id}`)).body.payments as { charge_date: string; amount: number }[];

describe('POST /subscriptions', () => {
  it('starts a subscription on an existing Bacs mandate with every create parameter, its first payment and its event', async () => {
    const res = await m.api.post('/subscriptions', {
      subscriptions: {
        amount: 2000,
        currency: 'GBP',
        interval_unit: 'monthly',
        interval: 2,
        day_of_month: -1,
        start_date: '2026-03-31',
        count: 4,
        app_fee: 100,
        retry_if_possible: true,
        name: 'Quarterly-ish box',
        payment_reference: 'BOX-1',
        metadata: { plan: 'box' },
        links: { mandate: bacs.id },
      },
    });
    expect(res.status).toBe(201);
    const sub = res.body.subscriptions;
    expect(sub.id).toMatch(/^SB[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/subscriptions/${sub.id}`);
    expect(sub).toMatchObject({
      amount: 2000,
      currency: 'GBP',
      interval_unit: 'monthly',
      interval: 2,
      day_of_month: -1,
      start_date: '2026-03-31',
      count: 4,
      app_fee: 100,
      retry_if_possible: true,
      name: 'Quarterly-ish box',
      payment_reference: 'BOX-1',
      metadata: { plan: 'box' },
      status: 'active',
      parent_plan_paused: false,
      links: { mandate: bacs.id },
    });
    // Month ends every other month: 31 March, 31 May, 31 July (a Friday), 30 September.
    expect(sub.upcoming_payments).toEqual([
      { charge_date: '2026-03-31', amount: 2000 },
      { charge_date: '2026-06-01', amount: 2000 },
      { charge_date: '2026-07-31', amount: 2000 },
      { charge_date: '2026-09-30', amount: 2000 },
    ]);
    const payments = await paymentsOf(sub.id);
    expect(payments).toMatchObject([{ charge_date: '2026-03-31', amount: 2000, reference: 'BOX-1', app_fee: 100 }]);
    const events = (await m.api.get(`/events?subscription=${sub.id}`)).body.events.filter(
      (e: { resource_type: string }) => e.resource_type === 'subscriptions',
    );
    expect(events.map((e: { action: string }) => e.action)).toEqual(['payment_created', 'created']);
    expect(events[1]).toMatchObject({
      links: { subscription: sub.id, mandate: bacs.id },
      details: { origin: 'api', cause: 'subscription_created', scheme: 'bacs' },
      resource_metadata: { plan: 'box' },
    });
    expect((await m.api.get(`/subscriptions/${sub.id}`)).body.subscriptions).toEqual(sub);
  });

  it('takes a SEPA mandate, a yearly rule with month and day, and an end_date; defaults the rest', async () => {
    const res = await m.api.post('/subscriptions', {
      subscriptions: {
        amount: 12000,
        currency: 'EUR',
        interval_unit: 'yearly',
        month: 'february',
        day_of_month: -1,
        end_date: '2029-02-28',
        links: { mandate: sepa.id },
      },
    });
    expect(res.status).toBe(201);
    const sub = res.body.subscriptions;
    expect(sub).toMatchObject({
      interval: 1,
      retry_if_possible: false,
      metadata: {},
      start_date: '2027-02-28',
      end_date: '2029-02-28',
    });
    expect(sub.count).toBeNull();
    // 28 February 2027 is a Sunday; 2028 is a leap year (29 February); end_date (exclusive) stops 2029.
    expect(sub.upcoming_payments.map((p: { charge_date: string }) => p.charge_date)).toEqual([
      '2027-03-01',
      '2028-02-29',
    ]);
  });

  it('starts weekly without day_of_month, from the mandate’s next possible charge date', async () => {
    const res = await m.api.post('/subscriptions', {
      subscriptions: { amount: 500, currency: 'GBP', interval_unit: 'weekly', links: { mandate: bacs.id } },
    });
    expect(res.status).toBe(201);
    expect(res.body.subscriptions.start_date).toBe(bacs.next_possible_charge_date);
    expect(res.body.subscriptions.upcoming_payments).toHaveLength(10);
  });

  it('refuses each rule of the reference with the field it concerns, and writes nothing', async () => {
    const before = await countSubscriptions();
    const cases: [Record<string, unknown>, string][] = [
      [{ interval_unit: 'weekly', day_of_month: 5 }, 'day_of_month'],
      [{ month: 'may' }, 'month'],
      [{ count: 3, end_date: '2027-01-01' }, 'end_date'],
      [{ start_date: '2026-04-01', end_date: '2026-04-01' }, 'end_date'],
      [{ start_date: '2026-03-03' }, 'start_date'],
      [{ currency: 'EUR' }, 'currency'],
      [{ amount: 99 }, 'amount'],
      [{ amount: 500_001 }, 'amount'],
      [{ interval: 13 }, 'interval'],
      [{ app_fee: 2000 }, 'app_fee'],
    ];
    for (const [overrides, field] of cases) {
      const res = await m.api.post('/subscriptions', monthly(overrides));
      expect(res.status, JSON.stringify(overrides)).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
      expect(fieldsOf(res)).toContain(field);
    }
    expect(await countSubscriptions()).toBe(before);
  });

  it('refuses bad input: missing, wrong-typed, oversized, unknown and hostile values', async () => {
    const before = await countSubscriptions();
    const { amount: _amount, ...noAmount } = monthly().subscriptions;
    const missing = await m.api.post('/subscriptions', { subscriptions: noAmount });
    expect(missing.status).toBe(422);
    expect(fieldsOf(missing)).toContain('amount');
    const noMandate = await m.api.post('/subscriptions', monthly({ links: {} }));
    expect(noMandate.status).toBe(422);
    for (const bad of [
      { interval: 'two' },
      { interval_unit: 'daily' },
      { day_of_month: 0 },
      { day_of_month: 29 },
      { month: 'Mayo' },
      { count: 0 },
      { start_date: '2026-02-30' },
      { end_date: "2027-01-01'; DROP TABLE subscriptions; --" },
      { name: 'x'.repeat(256) },
      { payment_reference: 'r'.repeat(141) },
      { amount: 1.5 },
      { retry_if_possible: 'yes' },
      { links: { mandate: 'x'.repeat(101) } },
      { links: { mandate: bacs.id, customer: 'CU123' } },
    ]) {
      const res = await m.api.post('/subscriptions', monthly(bad));
      expect([400, 422], JSON.stringify(bad)).toContain(res.status);
      expect(['validation_failed', 'invalid_api_usage']).toContain(res.body.error.type);
    }
    const unknown = await m.api.post('/subscriptions', monthly({ frequency: 'often' }));
    expect([400, 422]).toContain(unknown.status);
    // A hostile but valid name is stored as given, never interpreted.
    const hostile = '<script>alert(1)</script> \u202e Robert"); DROP TABLE subscriptions;--';
    const kept = await post(m.api, '/subscriptions', monthly({ name: hostile }), 201);
    expect(kept.subscriptions.name).toBe(hostile);
    expect(await countSubscriptions()).toBe(before + 1);
  });

  it('answers link_not_found for an unknown mandate or another organisation’s, and writes nothing', async () => {
    const before = await countSubscriptions();
    for (const [client, id] of [
      [m.api, 'MD000000000000000000000000000'],
      [other.api, bacs.id],
    ] as const) {
      const res = await client.post('/subscriptions', monthly({ links: { mandate: id } }));
      expect(res.status).toBe(404);
      expect(reasonOf(res)).toBe('link_not_found');
    }
    expect(await countSubscriptions()).toBe(before);
  });

  it('refuses a read_only token with 403', async () => {
    const res = await m.readOnly.post('/subscriptions', monthly());
    expect(res.status).toBe(403);
  });

  it('creates once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'subscription-key-1' };
    const first = await m.api.post('/subscriptions', monthly(), { headers });
    expect(first.status).toBe(201);
    const before = await countSubscriptions();
    const again = await m.api.post('/subscriptions', monthly(), { headers });
    expect(again.status).toBe(409);
    expect(reasonOf(again)).toBe('idempotent_creation_conflict');
    expect(again.body.error.errors[0].links.conflicting_resource_id).toBe(first.body.subscriptions.id);
    expect(await countSubscriptions()).toBe(before);
  });

  it('refuses a mandate that cannot collect (cancelled) with mandate_is_inactive, and writes nothing', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    await post(m.api, `/mandates/${mandateId}/actions/cancel`, { data: {} });
    const before = await countSubscriptions();
    const res = await m.api.post('/subscriptions', monthly({ links: { mandate: mandateId } }));
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('mandate_is_inactive');
    expect(await countSubscriptions()).toBe(before);
  });
});
