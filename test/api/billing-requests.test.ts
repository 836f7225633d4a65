import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post } from '../support/journeys';

let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant();
});
afterAll(() => server?.close());

const create = (body: Record<string, unknown>) => m.api.post('/billing_requests', { billing_requests: body });
const actionOf = (br: any, type: string) => br.actions.find((a: { type: string }) => a.type === type);
const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;
const fieldsOf = (res: { body: any }) => res.body.error.errors.map((e: { field: string }) => e.field);

describe('POST /billing_requests', () => {
  it('creates a pending mandate request with its customer, billing detail, actions and event', async () => {
    const res = await create({ mandate_request: { currency: 'GBP', scheme: 'bacs' }, metadata: { order: '42' } });
    expect(res.status).toBe(201);
    const br = res.body.billing_requests;
    expect(br.id).toMatch(/^BRQ/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/billing_requests/${br.id}`);
    expect(br.status).toBe('pending');
    expect(br.links.customer).toMatch(/^CU/);
    expect(br.links.customer_billing_detail).toMatch(/^CBD/);
    expect(br.links.creditor).toBe(m.creditorId);
    expect(br.links.mandate_request).toMatch(/^MRQ/);
    // The creditor's name is not the real API's: it is on the creditor (links.creditor), not here.
    expect(br).not.toHaveProperty('creditor_name');
    expect(br.resources.customer.id).toBe(br.links.customer);
    expect(br.mandate_request).toMatchObject({
      currency: 'GBP',
      scheme: 'bacs',
      verify: 'recommended',
      funds_settlement: 'managed',
    });
    expect(br.actions.map((a: { type: string }) => a.type)).toEqual([
      'choose_currency',
      'collect_customer_details',
      'collect_bank_account',
      'confirm_payer_details',
    ]);
    expect(actionOf(br, 'choose_currency')).toMatchObject({ required: false, status: 'pending' });
    expect(actionOf(br, 'choose_currency').available_currencies).toEqual(
      expect.arrayContaining(['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'SEK', 'DKK']),
    );
    expect(actionOf(br, 'collect_customer_details')).toMatchObject({
      required: true,
      status: 'pending',
      collect_customer_details: {
        incomplete_fields: {
          customer: ['email', 'given_name', 'family_name'],
          customer_billing_detail: ['address_line1', 'city', 'postal_code', 'country_code'],
        },
      },
    });
    expect(actionOf(br, 'confirm_payer_details').requires_actions).toEqual([
      'collect_customer_details',
      'collect_bank_account',
    ]);
    const events = (await m.api.get(`/events?billing_request=${br.id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['created']);
  });

  it.each([
    ['USD', 'ach', ['address_line1', 'city', 'region', 'postal_code', 'country_code', 'ip_address']],
    ['CAD', 'pad', ['address_line1', 'city', 'region', 'postal_code', 'country_code']],
    ['DKK', 'betalingsservice', ['country_code', 'danish_identity_number']],
    ['SEK', 'autogiro', ['country_code', 'swedish_identity_number']],
    ['AUD', 'becs', ['country_code']],
  ])('lists the fields %s (%s) needs', async (currency, scheme, billing) => {
    const res = await create({ mandate_request: { currency } });
    expect(res.body.billing_requests.mandate_request.currency).toBe(currency);
    expect(
      actionOf(res.body.billing_requests, 'collect_customer_details').collect_customer_details.incomplete_fields
        .customer_billing_detail,
    ).toEqual(billing);
    void scheme;
  });

  it('does not ask an offline ACH mandate for the payer IP', async () => {
    const res = await create({ mandate_request: { currency: 'USD', authorisation_source: 'telephone' } });
    const fields = actionOf(res.body.billing_requests, 'collect_customer_details').collect_customer_details
      .incomplete_fields;
    expect(fields.customer_billing_detail).not.toContain('ip_address');
  });

  it('keeps purpose_code, payment_context_code and payment_purpose_code, and refuses an unknown context code', async () => {
    const codes = {
      purpose_code: 'mortgage',
      payment_context_code: 'billing_goods_and_services_in_arrears',
      payment_purpose_code: 'rent-2026',
    };
    const res = await create({ payment_request: { amount: 1500, currency: 'GBP' }, ...codes });
    expect(res.status).toBe(201);
    expect(res.body.billing_requests).toMatchObject(codes);
    expect((await m.api.get(`/billing_requests/${res.body.billing_requests.id}`)).body.billing_requests).toMatchObject(
      codes,
    );
    const wrong = await create({ payment_request: { amount: 1500, currency: 'GBP' }, payment_context_code: 'gift' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error.type).toBe('validation_failed');
    expect(wrong.body.error.errors[0].field).toBe('payment_context_code');
  });

  it('reads amounts sent as strings, as the public API example does', async () => {
    const res = await create({ payment_request: { amount: '1500', currency: 'GBP', description: 'Order 1' } });
    expect(res.status).toBe(201);
    expect(res.body.billing_requests.payment_request.amount).toBe(1500);
  });

  it.each([
    [{}, 'mandate_request'],
    [{ payment_request: { amount: 100, currency: 'USD' } }, 'payment_request.currency'],
    [{ payment_request: { amount: 100, currency: 'GBP', scheme: 'sepa_credit_transfer' } }, 'payment_request.scheme'],
    [{ payment_request: { amount: 100, currency: 'GBP', reference: 'ABC' } }, 'payment_request.reference'],
    [{ mandate_request: { currency: 'EUR', scheme: 'bacs' } }, 'mandate_request.currency'],
    [{ mandate_request: { scheme: 'pay_to' } }, 'mandate_request.constraints'],
    [
      { mandate_request: { scheme: 'faster_payments', constraints: { max_amount_per_payment: 1000 } } },
      'mandate_request.sweeping',
    ],
    [{ mandate_request: { currency: 'GBP', consent_type: 'one_off' } }, 'mandate_request.consent_type'],
    [{ mandate_request: { currency: 'USD', consent_type: 'single' } }, 'mandate_request.consent_type'],
    [{ mandate_request: { currency: 'GBP', authorisation_source: 'paper' } }, 'mandate_request.authorisation_source'],
    [{ mandate_request: { currency: 'GBP', reference: 'MYREF-001' } }, 'mandate_request.reference'],
    [{ mandate_request: {} }, 'mandate_request.currency'],
    [{ mandate_request: { currency: 'GBP' }, purpose_code: 'bananas' }, 'purpose_code'],
    [
      {
        mandate_request: { currency: 'USD' },
        instalment_schedule_request: {
          currency: 'USD',
          name: 'x',
          total_amount: 300,
          instalments_with_dates: [{ amount: 100, charge_date: null }],
        },
      },
      'instalment_schedule_request.total_amount',
    ],
    [
      {
        mandate_request: { currency: 'USD' },
        subscription_request: { amount: 100, currency: 'USD', interval_unit: 'monthly', interval: 13 },
      },
      'subscription_request.interval',
    ],
    [
      {
        mandate_request: { currency: 'USD' },
        subscription_request: { amount: 100, currency: 'USD', interval_unit: 'weekly', month: 'may' },
      },
      'subscription_request.month',
    ],
  ])('refuses %j with validation_failed on %s', async (body, field) => {
    const res = await create(body);
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(fieldsOf(res)).toContain(field);
  });

  it('refuses subscriptions and instalment schedules outside ACH and PAD: request_type_not_supported_by_scheme', async () => {
    const res = await create({
      mandate_request: { currency: 'GBP' },
      subscription_request: { amount: 1000, currency: 'GBP', interval_unit: 'monthly' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0]).toMatchObject({
      reason: 'request_type_not_supported_by_scheme',
      field: 'subscription_request',
    });
  });

  it('links an existing customer and bank account, and refuses unknown or foreign ones with link_not_found', async () => {
    const other = await server.merchant();
    const theirs = (
      await other.api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } })
    ).body.billing_requests;
    for (const links of [{ customer: 'CU00000000000000000000000000' }, { customer: theirs.links.customer }]) {
      const res = await create({ mandate_request: { currency: 'GBP' }, links });
      expect(res.status).toBe(404);
      expect(reasonOf(res)).toBe('link_not_found');
    }
    const first = (await create({ mandate_request: { currency: 'GBP' } })).body.billing_requests;
    const again = await create({ mandate_request: { currency: 'GBP' }, links: { customer: first.links.customer } });
    expect(again.body.billing_requests.links.customer).toBe(first.links.customer);
  });

  it('answers a repeated Idempotency-Key with 409 naming the first request', async () => {
    const headers = { 'idempotency-key': 'br-once' };
    const first = await m.api.post(
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'GBP' } } },
      { headers },
    );
    const second = await m.api.post(
      '/billing_requests',
      { billing_requests: { mandate_request: { currency: 'EUR' } } },
      { headers },
    );
    expect(second.status).toBe(409);
    expect(second.body.error.errors[0].links.conflicting_resource_id).toBe(first.body.billing_requests.id);
  });
});

describe('the Direct Debit journey', () => {
  it('collects details and a validated account, confirms, and fulfils into a mandate', async () => {
    const br = (await create({ mandate_request: { currency: 'GBP' } })).body.billing_requests;
    const path = `/billing_requests/${br.id}/actions`;

    // Confirming needs the details and the account first.
    const early = await m.api.post(`${path}/confirm_payer_details`, { data: {} });
    expect(early.status).toBe(422);
    expect(reasonOf(early)).toBe('action_requirements_not_met');
    const notReady = await m.api.post(`${path}/fulfil`, { data: {} });
    expect(reasonOf(notReady)).toBe('billing_request_must_be_ready_to_fulfil');

    const details = await post(m.api, `${path}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    expect(actionOf(details.billing_requests, 'collect_customer_details').status).toBe('completed');
    const customer = (await m.api.get(`/customers/${br.links.customer}`)).body.customers;
    expect(customer).toMatchObject({
      email: 'jane@example.com',
      given_name: 'Jane',
      city: 'London',
      country_code: 'GB',
    });

    for (const [bad, field] of [
      [{ ...SANDBOX_ACCOUNTS.GBP, account_number: '55779912' }, 'account_number'],
      [{ ...SANDBOX_ACCOUNTS.GBP, branch_code: '2000' }, 'branch_code'],
      [{ account_holder_name: 'X', iban: 'DE89370400440532013001' }, 'iban'],
      [{ ...SANDBOX_ACCOUNTS.GBP, account_holder_name: '' }, 'account_holder_name'],
    ] as const) {
      const res = await m.api.post(`${path}/collect_bank_account`, { data: bad });
      expect(res.status).toBe(422);
      expect(fieldsOf(res)).toContain(field);
    }
    const withAccount = await post(m.api, `${path}/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP });
    const account = withAccount.billing_requests.resources.customer_bank_account;
    expect(account).toMatchObject({
      account_number_ending: '11',
      bank_name: 'BARCLAYS BANK PLC',
      currency: 'GBP',
      enabled: true,
    });
    expect(JSON.stringify(withAccount)).not.toContain('55779911');

    const confirmed = await post(m.api, `${path}/confirm_payer_details`, { data: { metadata: { step: 'confirm' } } });
    expect(confirmed.billing_requests.status).toBe('ready_to_fulfil');

    const fulfilled = (await post(m.api, `${path}/fulfil`, { data: {} })).billing_requests;
    expect(fulfilled.status).toBe('fulfilled');
    const mandateId = fulfilled.links.mandate_request_mandate;
    expect(fulfilled.mandate_request.links.mandate).toBe(mandateId);
    const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
    expect(mandate).toMatchObject({
      status: 'pending_submission',
      scheme: 'bacs',
      links: { customer: br.links.customer, customer_bank_account: account.id },
    });
    expect(mandate.next_possible_charge_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const actions = (await m.api.get(`/events?billing_request=${br.id}`)).body.events.map(
      (e: { action: string }) => e.action,
    );
    expect(actions).toEqual([
      'fulfilled',
      'payer_details_confirmed',
      'collect_bank_account',
      'collect_customer_details',
      'created',
    ]);
    const fulfilledEvent = (await m.api.get(`/events?billing_request=${br.id}&action=fulfilled`)).body.events[0];
    expect(fulfilledEvent.links).toMatchObject({
      billing_request: br.id,
      mandate_request_mandate: mandateId,
      customer_bank_account: account.id,
    });

    // No more actions, no second fulfil, no cancel.
    expect(reasonOf(await m.api.post(`${path}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP }))).toBe(
      'billing_request_not_pending',
    );
    expect(reasonOf(await m.api.post(`${path}/fulfil`, { data: {} }))).toBe('billing_request_already_fulfilled');
    expect(reasonOf(await m.api.post(`${path}/cancel`, { data: {} }))).toBe('cancellation_failed');

    // The scheme clock submits and activates the Bacs mandate (instant in the sandbox).
    await server.schemeClock.runDue();
    expect((await m.api.get(`/mandates/${mandateId}`)).body.mandates.status).toBe('active');
    const mandateEvents = (await m.api.get(`/events?mandate=${mandateId}`)).body.events.map(
      (e: { action: string }) => e.action,
    );
    expect(mandateEvents).toEqual(['active', 'submitted', 'created']);
  });

  it('fulfils once when fulfil calls arrive together: one mandate, one event, the other refused', async () => {
    const br = (await create({ mandate_request: { currency: 'GBP' } })).body.billing_requests;
    const path = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${path}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    await post(m.api, `${path}/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP });
    await post(m.api, `${path}/confirm_payer_details`, { data: {} });
    const results = await Promise.all([1, 2, 3].map(() => m.api.post(`${path}/fulfil`, { data: {} })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 422, 422]);
    for (const refused of results.filter((r) => r.status === 422))
      expect(refused.body.error.type).toBe('invalid_state');
    const customer = br.links.customer;
    expect((await m.api.get(`/mandates?customer=${customer}`)).body.mandates).toHaveLength(1);
    expect((await m.api.get(`/events?billing_request=${br.id}&action=fulfilled`)).body.events).toHaveLength(1);
  });

  it('lets the payer account decide the currency of a mandate-only request (completing choose_currency)', async () => {
    const br = (await create({ mandate_request: { currency: 'GBP' } })).body.billing_requests;
    const res = await post(m.api, `/billing_requests/${br.id}/actions/collect_bank_account`, {
      data: SANDBOX_ACCOUNTS.EUR,
    });
    const after = res.billing_requests;
    expect(after.mandate_request.currency).toBe('EUR');
    expect(actionOf(after, 'choose_currency').status).toBe('completed');
    expect(
      actionOf(after, 'collect_customer_details').collect_customer_details.incomplete_fields.customer_billing_detail,
    ).toEqual(['country_code']);
  });

  it('refuses an account in another currency when a payment fixes it', async () => {
    const br = (
      await create({
        mandate_request: { currency: 'GBP' },
        fallback_enabled: true,
        payment_request: { amount: 100, currency: 'GBP' },
      })
    ).body.billing_requests;
    await post(m.api, `/billing_requests/${br.id}/actions/fallback`, { data: {} });
    const res = await m.api.post(`/billing_requests/${br.id}/actions/collect_bank_account`, {
      data: SANDBOX_ACCOUNTS.EUR,
    });
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0]).toMatchObject({ field: 'currency' });
  });

  it('undoes the confirmation when details change afterwards', async () => {
    const br = (await create({ mandate_request: { currency: 'GBP' } })).body.billing_requests;
    const path = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${path}/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP });
    await post(m.api, `${path}/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP });
    expect((await post(m.api, `${path}/confirm_payer_details`, { data: {} })).billing_requests.status).toBe(
      'ready_to_fulfil',
    );
    const changed = await post(m.api, `${path}/collect_customer_details`, {
      data: { customer: { email: 'new@example.com' } },
    });
    expect(changed.billing_requests.status).toBe('pending');
    expect(actionOf(changed.billing_requests, 'confirm_payer_details').status).toBe('pending');
  });

  it('validates customer detail formats', async () => {
    const br = (await create({ mandate_request: { currency: 'USD' } })).body.billing_requests;
    const res = await m.api.post(`/billing_requests/${br.id}/actions/collect_customer_details`, {
      data: {
        customer: { email: 'not-an-email' },
        customer_billing_detail: { country_code: 'US', region: 'XX', ip_address: '999.1.1.1' },
      },
    });
    expect(res.status).toBe(422);
    expect(fieldsOf(res).sort()).toEqual([
      'customer.email',
      'customer_billing_detail.ip_address',
      'customer_billing_detail.region',
    ]);
  });
});

describe('collect_bank_account checks each country’s details for real', () => {
  it.each([
    ['GBP', { account_number: '55779912' }, 'account_number'],
    ['GBP', { branch_code: '2000' }, 'branch_code'],
    ['EUR', { iban: 'FR1420041010050500013M02607' }, 'iban'],
    ['EUR', { iban: 'DE8937040044053201300' }, 'iban'],
    ['USD', { bank_code: '026073151' }, 'bank_code'],
    ['CAD', { bank_code: '12' }, 'bank_code'],
    ['CAD', { branch_code: '0006' }, 'branch_code'],
    ['AUD', { branch_code: '082-08' }, 'branch_code'],
    ['NZD', { account_number_suffix: '0' }, 'account_number_suffix'],
    ['NZD', { bank_code: '1A' }, 'bank_code'],
    ['NZD', { account_number: '0003868' }, 'account_number'],
    ['SEK', { branch_code: '1' }, 'branch_code'],
    ['DKK', { bank_code: '12345' }, 'bank_code'],
  ] as const)('%s: refuses %j on %s and keeps the action pending', async (currency, change, field) => {
    const br = (await create({ mandate_request: { currency } })).body.billing_requests;
    const path = `/billing_requests/${br.id}/actions/collect_bank_account`;
    const res = await m.api.post(path, { data: { ...SANDBOX_ACCOUNTS[currency], ...change } });
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(fieldsOf(res)).toContain(field);
    const after = (await m.api.get(`/billing_requests/${br.id}`)).body.billing_requests;
    expect(actionOf(after, 'collect_bank_account').status).toBe('pending');
    expect(after.links.customer_bank_account).toBeUndefined();
    // The sandbox's own test details for the country pass.
    const ok = await m.api.post(path, { data: SANDBOX_ACCOUNTS[currency] });
    expect(ok.status).toBe(200);
    expect(ok.body.billing_requests.links.customer_bank_account).toMatch(/^BA/);
  });
});

describe('choose_currency, cancel, list', () => {
  it('changes the currency of a mandate-only request, and is refused with a payment request', async () => {
    const br = (await create({ mandate_request: { currency: 'GBP', scheme: 'bacs' } })).body.billing_requests;
    const chosen = await post(m.api, `/billing_requests/${br.id}/actions/choose_currency`, {
      data: { currency: 'SEK' },
    });
    expect(chosen.billing_requests.mandate_request).toMatchObject({ currency: 'SEK', scheme: 'autogiro' });
    const events = (await m.api.get(`/events?billing_request=${br.id}&action=choose_currency`)).body.events;
    expect(events).toHaveLength(1);
    const withPayment = (await create({ payment_request: { amount: 100, currency: 'GBP' } })).body.billing_requests;
    const res = await m.api.post(`/billing_requests/${withPayment.id}/actions/choose_currency`, {
      data: { currency: 'EUR' },
    });
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('choose_currency_not_allowed');

    // Not while a flow locks the currency, however the action arrives.
    const locked = (await create({ mandate_request: { currency: 'GBP', scheme: 'bacs' } })).body.billing_requests;
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, links: { billing_request: locked.id } } },
      201,
    );
    const refused = await m.api.post(`/billing_requests/${locked.id}/actions/choose_currency`, {
      data: { currency: 'EUR' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.type).toBe('invalid_state');
    expect(reasonOf(refused)).toBe('choose_currency_not_allowed');
    expect((await m.api.get(`/billing_requests/${locked.id}`)).body.billing_requests.mandate_request.currency).toBe(
      'GBP',
    );
  });

  it('cancels a pending request once', async () => {
    const br = (await create({ mandate_request: { currency: 'GBP' } })).body.billing_requests;
    const cancelled = await post(m.api, `/billing_requests/${br.id}/actions/cancel`, {
      data: { metadata: { why: 'abandoned' } },
    });
    expect(cancelled.billing_requests.status).toBe('cancelled');
    const event = (await m.api.get(`/events?billing_request=${br.id}&action=cancelled`)).body.events[0];
    expect(event.metadata).toEqual({ why: 'abandoned' });
    expect(reasonOf(await m.api.post(`/billing_requests/${br.id}/actions/cancel`, { data: {} }))).toBe(
      'cancellation_failed',
    );
    expect(
      reasonOf(
        await m.api.post(`/billing_requests/${br.id}/actions/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP }),
      ),
    ).toBe('billing_request_not_pending');
  });

  it('lists newest first with customer and status filters, and hides other organisations', async () => {
    const mine = await server.merchant();
    const a = (await mine.api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }))
      .body.billing_requests;
    const b = (await mine.api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'EUR' } } }))
      .body.billing_requests;
    await mine.api.post(`/billing_requests/${a.id}/actions/cancel`, { data: {} });
    const all = (await mine.api.get('/billing_requests')).body;
    expect(all.billing_requests.map((x: { id: string }) => x.id)).toEqual([b.id, a.id]);
    expect(
      (await mine.api.get('/billing_requests?status=cancelled')).body.billing_requests.map((x: { id: string }) => x.id),
    ).toEqual([a.id]);
    expect(
      (await mine.api.get(`/billing_requests?customer=${b.links.customer}`)).body.billing_requests.map(
        (x: { id: string }) => x.id,
      ),
    ).toEqual([b.id]);
    expect((await mine.api.get('/billing_requests?limit=1')).body.meta.cursors.after).toBe(b.id);
    expect((await m.api.get(`/billing_requests/${a.id}`)).status).toBe(404);
    expect((await m.api.post(`/billing_requests/${a.id}/actions/fulfil`, { data: {} })).status).toBe(404);
  });
});
