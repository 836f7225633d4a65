import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let m: Merchant;
let other: Merchant;
let mandate: { id: string; next_possible_charge_date: string };

// Monday 2 March 2026, 10:00 in London.
const START = '2026-03-02T10:00:00.000Z';

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
  other = await server.merchant();
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;
const fieldsOf = (res: { body: any }) => res.body.error.errors.map((e: { field: string }) => e.field);
const newPayment = (overrides: Record<string, unknown> = {}) => ({
  payments: { amount: 1500, currency: 'GBP', description: 'Invoice 42', links: { mandate: mandate.id }, ...overrides },
});
const paymentEvents = async (id: string) =>
  ((await m.api.get(`/events?payment=${id}`)).body.events as any[]).map((e) => ({
    action: e.action,
    metadata: e.metadata,
  }));

describe('POST /payments', () => {
  it('creates a pending payment on the mandate’s next possible charge date, with Location and a created event', async () => {
    const res = await m.api.post('/payments', newPayment({ metadata: { invoice: '42' } }));
    expect(res.status).toBe(201);
    const payment = res.body.payments;
    expect(payment.id).toMatch(/^PM[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/payments/${payment.id}`);
    expect(payment).toMatchObject({
      amount: 1500,
      amount_refunded: 0,
      currency: 'GBP',
      description: 'Invoice 42',
      scheme: 'bacs',
      status: 'pending_submission',
      charge_date: mandate.next_possible_charge_date,
      metadata: { invoice: '42' },
      links: { mandate: mandate.id, creditor: m.creditorId },
    });
    expect(payment.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(payment.reference).toBeNull();
    expect(await paymentEvents(payment.id)).toEqual([{ action: 'created', metadata: {} }]);
  });

  it('takes a later charge date as given and refuses one before the mandate can be charged', async () => {
    const later = await m.api.post('/payments', newPayment({ charge_date: '2026-04-01' }));
    expect(later.status).toBe(201);
    expect(later.body.payments.charge_date).toBe('2026-04-01');

    const before = await m.api.post('/payments', newPayment({ charge_date: '2026-03-03' }));
    expect(before.status).toBe(422);
    expect(before.body.error.type).toBe('validation_failed');
    expect(fieldsOf(before)).toEqual(['charge_date']);
  });

  it('refuses the wrong currency and amounts outside the scheme limits, on their fields, and creates nothing', async () => {
    const count = async () => (await m.api.get(`/payments?mandate=${mandate.id}&limit=500`)).body.payments.length;
    const before = await count();
    const currency = await m.api.post('/payments', newPayment({ currency: 'EUR' }));
    expect(currency.status).toBe(422);
    expect(fieldsOf(currency)).toEqual(['currency']);
    expect(fieldsOf(await m.api.post('/payments', newPayment({ amount: 99 })))).toEqual(['amount']);
    expect(fieldsOf(await m.api.post('/payments', newPayment({ amount: 500_001 })))).toEqual(['amount']);
    const wrongType = await m.api.post('/payments', newPayment({ amount: 10.5 }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.type).toBe('invalid_api_usage');
    expect(wrongType.body.error.errors[0]).toMatchObject({ reason: 'invalid_type', field: 'amount' });
    expect(await count()).toBe(before);
  });

  it('holds metadata to 3 keys of at most 50 characters and values of at most 500, through HTTP', async () => {
    const fits = await m.api.post(
      '/payments',
      newPayment({ metadata: { a: '1', b: '2', ['k'.repeat(50)]: 'v'.repeat(500) } }),
    );
    expect(fits.status).toBe(201);
    for (const metadata of [{ a: '1', b: '2', c: '3', d: '4' }, { ['k'.repeat(51)]: 'v' }, { a: 'v'.repeat(501) }]) {
      const res = await m.api.post('/payments', newPayment({ metadata }));
      expect(res.status).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
      expect(res.body.error.errors[0].field).toMatch(/^metadata/);
      expect(res.body.error.errors[0].request_pointer).toMatch(/^\/payments\/metadata/);
    }
    const notString = await m.api.post('/payments', newPayment({ metadata: { a: 1 } }));
    expect(notString.status).toBe(400);
    expect(reasonOf(notString)).toBe('invalid_type');
  });

  it('answers link_not_found for an unknown mandate or another organisation’s', async () => {
    for (const id of ['MD000000000000000000000000000', mandate.id]) {
      const client = id === mandate.id ? other.api : m.api;
      const res = await client.post('/payments', newPayment({ links: { mandate: id } }));
      expect(res.status).toBe(404);
      expect(reasonOf(res)).toBe('link_not_found');
    }
  });

  it('creates once per Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'payment-key-1' };
    const first = await m.api.post('/payments', newPayment(), { headers });
    expect(first.status).toBe(201);
    const again = await m.api.post('/payments', newPayment(), { headers });
    expect(again.status).toBe(409);
    expect(reasonOf(again)).toBe('idempotent_creation_conflict');
    expect(again.body.error.errors[0].links.conflicting_resource_id).toBe(first.body.payments.id);
  });
});

describe('reading and updating', () => {
  it('gets a payment, and answers 404 to another organisation', async () => {
    const { payments } = await post(m.api, '/payments', newPayment(), 201);
    const res = await m.api.get(`/payments/${payments.id}`);
    expect(res.status).toBe(200);
    expect(res.body.payments).toEqual(payments);
    const foreign = await other.api.get(`/payments/${payments.id}`);
    expect(foreign.status).toBe(404);
    expect(reasonOf(foreign)).toBe('resource_not_found');
  });

  it('lists newest first with mandate, status, charge date and customer filters; other organisations see none', async () => {
    const a = (await post(m.api, '/payments', newPayment({ charge_date: '2026-05-04' }), 201)).payments;
    const b = (await post(m.api, '/payments', newPayment({ charge_date: '2026-05-05' }), 201)).payments;
    const inMay = (await m.api.get('/payments?charge_date[gte]=2026-05-01&charge_date[lt]=2026-06-01')).body.payments;
    expect(inMay.map((p: { id: string }) => p.id)).toEqual([b.id, a.id]);
    const customer = (await m.api.get(`/mandates/${mandate.id}`)).body.mandates.links.customer;
    const byCustomer = (await m.api.get(`/payments?customer=${customer}&status=pending_submission`)).body.payments;
    expect(byCustomer.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(byCustomer.every((p: { status: string }) => p.status === 'pending_submission')).toBe(true);
    expect((await other.api.get(`/payments?mandate=${mandate.id}`)).body.payments).toEqual([]);
    expect((await other.api.get('/payments')).body.payments).toEqual([]);
    const badStatus = await m.api.get('/payments?status=lost');
    expect(badStatus.status).toBe(422);
  });

  it('replaces metadata with PUT and refuses other fields', async () => {
    const { payments } = await post(m.api, '/payments', newPayment({ metadata: { a: '1', b: '2' } }), 201);
    const res = await m.api.put(`/payments/${payments.id}`, { payments: { metadata: { c: '3' } } });
    expect(res.status).toBe(200);
    expect(res.body.payments.metadata).toEqual({ c: '3' });
    const amount = await m.api.put(`/payments/${payments.id}`, { payments: { amount: 1 } });
    expect(amount.status).toBe(400);
    expect(amount.body.error.errors[0]).toMatchObject({ reason: 'invalid_type', field: 'amount' });
    expect((await m.api.get(`/payments/${payments.id}`)).body.payments).toMatchObject({
      amount: 1500,
      metadata: { c: '3' },
    });
  });
});

describe('cancel and the scheme clock', () => {
  it('cancels a pending payment once, with the request metadata on its event', async () => {
    const { payments } = await post(m.api, '/payments', newPayment(), 201);
    const res = await m.api.post(`/payments/${payments.id}/actions/cancel`, {
      data: { metadata: { why: 'paid by card' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.payments.status).toBe('cancelled');
    expect(await paymentEvents(payments.id)).toEqual([
      { action: 'cancelled', metadata: { why: 'paid by card' } },
      { action: 'created', metadata: {} },
    ]);
    const again = await m.api.post(`/payments/${payments.id}/actions/cancel`, { data: {} });
    expect(again.status).toBe(422);
    expect(reasonOf(again)).toBe('cancellation_failed');
    expect(await paymentEvents(payments.id)).toHaveLength(2);
    const foreign = await other.api.post(`/payments/${payments.id}/actions/cancel`, { data: {} });
    expect(foreign.status).toBe(404);
  });

  it('moves through submitted, confirmed and paid_out by the scheme clock (instant in the sandbox); then it can no longer be cancelled', async () => {
    const { payments } = await post(m.api, '/payments', newPayment(), 201);
    await server.schemeClock.runDue();
    expect((await m.api.get(`/payments/${payments.id}`)).body.payments.status).toBe('paid_out');
    expect((await paymentEvents(payments.id)).map((e) => e.action)).toEqual([
      'paid_out',
      'confirmed',
      'submitted',
      'created',
    ]);
    const cancel = await m.api.post(`/payments/${payments.id}/actions/cancel`, { data: {} });
    expect(cancel.status).toBe(422);
    expect(reasonOf(cancel)).toBe('cancellation_failed');
  });

  it('on a Saturday, submits at once a payment for the earliest charge date; a later one waits for its day', async () => {
    // Saturday 7 March 2026, 10:00 in London: Bacs takes no submissions until Monday.
    clock.set('2026-03-07T10:00:00.000Z');
    try {
      const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
      await server.schemeClock.runDue();
      const earliest = (await post(m.api, '/payments', newPayment({ links: { mandate: mandateId } }), 201)).payments;
      const later = (
        await post(m.api, '/payments', newPayment({ links: { mandate: mandateId }, charge_date: '2026-03-20' }), 201)
      ).payments;
      await server.schemeClock.runDue();
      expect((await m.api.get(`/payments/${earliest.id}`)).body.payments.status).toBe('paid_out');
      expect((await m.api.get(`/payments/${later.id}`)).body.payments.status).toBe('pending_submission');
      // The later one is still the merchant's to cancel.
      await post(m.api, `/payments/${later.id}/actions/cancel`, { data: {} }, 200);
    } finally {
      clock.set(START);
    }
  });

  it('refuses a payment on a cancelled mandate with mandate_is_inactive', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    await post(m.api, `/mandates/${mandateId}/actions/cancel`, { data: {} });
    const res = await m.api.post('/payments', newPayment({ links: { mandate: mandateId } }));
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('mandate_is_inactive');
  });
});
