import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMandate, collectedPayment } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import type { ApiResponse } from '../support/client';

/**
 * The real API's own request examples (the Node client's code samples, as it sends them) that we
 * used to refuse, written here as our own requests with our ids; docs/api-fidelity-requests.md
 * lists every sample and why the few invalid ones are refused.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let mandateId: string;

beforeAll(async () => {
  // No scheme clock: it would confirm a payment before the payment_paid_out simulator walks it there.
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
  mandateId = await activeMandate(m);
});
afterAll(() => server?.close());

const errorOf = (res: ApiResponse) => ({
  status: res.status,
  type: res.body?.error?.type,
  // A field's error names the field (and its reason when it has one), as the real API's do.
  errors: (res.body?.error?.errors ?? []).map((e: { reason?: string; field?: string }) =>
    [e.field, e.reason].filter(Boolean).join(': '),
  ),
});

describe('integers the Node client types as strings', () => {
  it('refunds.create: amount and total_amount_confirmation as digit strings', async () => {
    const payment = await collectedPayment(m, mandateId, 200);
    // The sample's confirmation is the total refunded with it: 50 were refunded before.
    const first = await m.api.post('/refunds', {
      refunds: { amount: '50', total_amount_confirmation: '50', links: { payment } },
    });
    expect(first.status, first.text).toBe(201);
    const res = await m.api.post('/refunds', {
      refunds: {
        amount: '100',
        total_amount_confirmation: '150',
        reference: 'Acme refund',
        metadata: { reason: 'late delivery' },
        links: { payment },
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.refunds.amount).toBe(100);
  });

  it('subscriptions.create: amount and day_of_month as digit strings', async () => {
    const res = await m.api.post('/subscriptions', {
      subscriptions: {
        amount: '2500',
        currency: 'GBP',
        name: 'Monthly Magazine',
        interval_unit: 'monthly',
        day_of_month: '1',
        metadata: { order_no: 'ABCD1234' },
        links: { mandate: mandateId },
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.subscriptions).toMatchObject({ amount: 2500, day_of_month: 1 });
    const lastDay = await m.api.post('/subscriptions', {
      subscriptions: {
        amount: '2500',
        currency: 'GBP',
        interval_unit: 'monthly',
        day_of_month: '-1',
        links: { mandate: mandateId },
      },
    });
    expect(lastDay.status, lastDay.text).toBe(201);
    expect(lastDay.body.subscriptions.day_of_month).toBe(-1);
  });

  it('instalment_schedules with dates and with a schedule: total_amount, app_fee and amounts as digit strings', async () => {
    const base = { name: 'ACME Invoice 103', total_amount: '10000', app_fee: '10', currency: 'GBP', metadata: {} };
    const withDates = await m.api.post('/instalment_schedules', {
      instalment_schedules: {
        ...base,
        instalments: [
          { charge_date: null, amount: '3400' },
          { charge_date: null, amount: '3400' },
          { charge_date: null, amount: '3200' },
        ],
        links: { mandate: mandateId },
      },
    });
    expect(withDates.status, withDates.text).toBe(201);
    const withSchedule = await m.api.post('/instalment_schedules', {
      instalment_schedules: {
        ...base,
        instalments: { interval_unit: 'weekly', interval: '2', amounts: ['3400', '3400', '3200'] },
        links: { mandate: mandateId },
      },
    });
    expect(withSchedule.status, withSchedule.text).toBe(201);
    expect(withSchedule.body.instalment_schedules.total_amount).toBe(10000);
  });

  it('a query integer as the client encodes it: limit=2', async () => {
    const res = await m.api.get('/payments?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.meta.limit).toBe(2);
  });

  it('refuses anything looser than decimal digits as a wrong type (400), and a huge value as too large (422), writing nothing', async () => {
    const before = (await m.api.get('/subscriptions?limit=500')).body.subscriptions.length;
    const subscription = (day_of_month: unknown, amount: unknown = '2500') =>
      m.api.post('/subscriptions', {
        subscriptions: {
          amount,
          currency: 'GBP',
          interval_unit: 'monthly',
          day_of_month,
          links: { mandate: mandateId },
        },
      });
    for (const wrong of ['1e3', ' 1', '1.0', '+1', '01', '-0', '-1 ', '0x1', '', 1.5]) {
      const res = await subscription(wrong);
      expect(errorOf(res), JSON.stringify(wrong)).toEqual({
        status: 400,
        type: 'invalid_api_usage',
        errors: ['day_of_month: invalid_type'],
      });
    }
    for (const huge of ['9007199254740993', '99999999999999999999999', 1e20]) {
      const res = await subscription(1, huge);
      expect(res.status, JSON.stringify(huge)).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
    }
    expect((await m.api.get('/subscriptions?limit=500')).body.subscriptions.length).toBe(before);
    const limit = await m.api.get('/payments?limit=1e1');
    expect(errorOf(limit)).toMatchObject({ status: 400, type: 'invalid_api_usage' });
  });
});

describe('the other requests of the reference we refused', () => {
  it('PUT /creditors/{id} with links.default_gbp_payout_account makes that account the GBP default', async () => {
    const created = await m.api.post('/creditor_bank_accounts', {
      creditor_bank_accounts: {
        account_holder_name: 'Acme Ltd',
        account_number: '44779911',
        branch_code: '200000',
        country_code: 'GB',
        links: { creditor: m.creditorId },
      },
    });
    expect(created.status, created.text).toBe(201);
    const account = created.body.creditor_bank_accounts.id;
    const res = await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { links: { default_gbp_payout_account: account } },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.creditors.links.default_gbp_payout_account).toBe(account);
    const events = (await m.api.get(`/events?resource_type=creditors&action=updated`)).body.events;
    expect(events.map((e: { details: { property: string } }) => e.details.property)).toContain(
      'default_gbp_payout_account',
    );
  });

  it('refuses as a payout link an account in another currency (422), and another organisation’s (404)', async () => {
    const eur = await m.api.post('/creditor_bank_accounts', {
      creditor_bank_accounts: {
        account_holder_name: 'Acme SARL',
        iban: 'FR1420041010050500013M02606',
        links: { creditor: m.creditorId },
      },
    });
    expect(eur.status, eur.text).toBe(201);
    const wrong = await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { links: { default_gbp_payout_account: eur.body.creditor_bank_accounts.id } },
    });
    expect(errorOf(wrong)).toEqual({
      status: 422,
      type: 'validation_failed',
      errors: ['links.default_gbp_payout_account'],
    });
    const theirs = await other.api.post('/creditor_bank_accounts', {
      creditor_bank_accounts: {
        account_holder_name: 'Other Ltd',
        account_number: '55779911',
        branch_code: '200000',
        country_code: 'GB',
        links: { creditor: other.creditorId },
      },
    });
    const foreign = await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { links: { default_gbp_payout_account: theirs.body.creditor_bank_accounts.id } },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.errors[0].reason).toBe('link_not_found');
  });

  it('GET /customers?currency=GBP lists the customers with a GBP bank account', async () => {
    const res = await m.api.get('/customers?currency=GBP');
    expect(res.status, res.text).toBe(200);
    const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
    const account = (await m.api.get(`/customer_bank_accounts/${mandate.links.customer_bank_account}`)).body
      .customer_bank_accounts;
    expect(res.body.customers.map((c: { id: string }) => c.id)).toContain(account.links.customer);
    const eur = await m.api.get('/customers?currency=EUR');
    expect(eur.body.customers.map((c: { id: string }) => c.id)).not.toContain(account.links.customer);
    expect((await m.api.get('/customers?currency=XYZ')).status).toBe(422);
  });

  it('POST /mandate_pdfs with a GB account and no scheme: bacs, from its country (200, as the real API)', async () => {
    const res = await m.api.post(
      '/mandate_pdfs',
      { mandate_pdfs: { account_number: '44779911', branch_code: '200000', country_code: 'GB' } },
      { headers: { 'accept-language': 'fr' } },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.mandate_pdfs.url).toMatch(/\/mandate_pdfs\/files\//);
    const unknown = await m.api.post('/mandate_pdfs', { mandate_pdfs: { account_number: '1', country_code: 'JP' } });
    expect(errorOf(unknown)).toEqual({ status: 422, type: 'validation_failed', errors: ['scheme'] });
  });
});

describe('the samples that are themselves invalid (docs/api-fidelity-requests.md)', () => {
  it('a payment charged on 2014-05-19 and instalments charged in 2019: dates in the past, 422', async () => {
    const payment = await m.api.post('/payments', {
      payments: {
        amount: '100',
        currency: 'GBP',
        charge_date: '2014-05-19',
        reference: 'WINEBOX001',
        metadata: { order_dispatch_date: '2014-05-22' },
        links: { mandate: mandateId },
      },
    });
    expect(payment.status, payment.text).toBe(422);
    expect(errorOf(payment).errors).toContain('charge_date');
    const schedule = await m.api.post('/instalment_schedules', {
      instalment_schedules: {
        name: 'ACME Invoice 103',
        total_amount: '10000',
        currency: 'GBP',
        instalments: [
          { charge_date: '2019-08-20', amount: '3400' },
          { charge_date: '2019-09-03', amount: '3400' },
          { charge_date: '2019-09-17', amount: '3200' },
        ],
        links: { mandate: mandateId },
      },
    });
    expect(schedule.status, schedule.text).toBe(422);
  });

  it('a logo that is a few bytes of a PNG header: not an image, 422', async () => {
    const res = await m.api.post('/branding/logos', {
      logos: {
        image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAYAAADgdz34AAAABmJLR0QA/wD/AP+gvaeTAAAA',
        links: { creditor: m.creditorId },
      },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
  });
});
