import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, approveForLive } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant();
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;

describe('customers', () => {
  it('creates, reads, updates (metadata replaced whole) and lists customers', async () => {
    const created = await m.api.post('/customers', {
      customers: { ...CUSTOMER_DETAILS.GBP.customer, city: 'London', metadata: { crm: '1' } },
    });
    expect(created.status).toBe(201);
    const c = created.body.customers;
    expect(c).toMatchObject({
      id: expect.stringMatching(/^CU/),
      email: 'jane@example.com',
      city: 'London',
      metadata: { crm: '1' },
    });
    expect(c.company_name).toBeNull();
    const updated = await m.api.put(`/customers/${c.id}`, {
      customers: { family_name: 'Smith', metadata: { tier: 'gold' } },
    });
    expect(updated.body.customers).toMatchObject({
      family_name: 'Smith',
      given_name: 'Jane',
      metadata: { tier: 'gold' },
    });
    expect((await m.api.get('/customers')).body.customers.map((x: { id: string }) => x.id)).toContain(c.id);
    const bad = await m.api.post('/customers', { customers: { email: 'nope', language: 'xx' } });
    expect(bad.status).toBe(422);
  });

  it('removes a customer: personal data erased, mandates cancelled, references answer 410 customer_data_removed', async () => {
    const { billingRequest, mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const customerId = billingRequest.links.customer;
    const accountId = billingRequest.links.customer_bank_account;
    const removed = await m.api.delete(`/customers/${customerId}`);
    // As the real API answers: 200 with the customer, its personal data erased.
    expect(removed.status).toBe(200);
    expect(removed.body.customers).toMatchObject({ id: customerId, metadata: {} });
    expect(removed.body.customers.email ?? null).toBeNull();
    expect(removed.body.customers.given_name ?? null).toBeNull();
    for (const res of [
      await m.api.get(`/customers/${customerId}`),
      await m.api.get(`/customer_bank_accounts/${accountId}`),
      await m.api.delete(`/customers/${customerId}`),
    ]) {
      expect(res.status).toBe(410);
      expect(reasonOf(res)).toBe('customer_data_removed');
    }
    expect((await m.api.get(`/mandates/${mandateId}`)).body.mandates.status).toBe('cancelled');
    const cancelled = (await m.api.get(`/events?mandate=${mandateId}&action=cancelled`)).body.events[0];
    expect(cancelled.details.cause).toBe('customer_removed');
    const newBr = await m.api.post('/billing_requests', {
      billing_requests: { mandate_request: { currency: 'GBP' }, links: { customer: customerId } },
    });
    expect(newBr.status).toBe(410);
    expect((await m.api.get('/customers')).body.customers.map((x: { id: string }) => x.id)).not.toContain(customerId);
    const { rows } = await server.services.db.query<{ email: string | null; given_name: string | null }>(
      'SELECT email, given_name FROM customers WHERE id = $1',
      [customerId],
    );
    expect(rows[0]).toEqual({ email: null, given_name: null });
  });
});

describe('customer bank accounts', () => {
  it('creates with real validation, masks the number, and refuses the same account twice with 409 bank_account_exists', async () => {
    const customer = (await post(m.api, '/customers', { customers: CUSTOMER_DETAILS.USD.customer }, 201)).customers;
    const body = { customer_bank_accounts: { ...SANDBOX_ACCOUNTS.USD, links: { customer: customer.id } } };
    const created = await m.api.post('/customer_bank_accounts', body);
    expect(created.status).toBe(201);
    expect(created.body.customer_bank_accounts).toMatchObject({
      account_number_ending: '56',
      account_type: 'checking',
      currency: 'USD',
      country_code: 'US',
      links: { customer: customer.id },
    });
    expect(created.text).not.toContain('2715500356');
    const again = await m.api.post('/customer_bank_accounts', body);
    expect(again.status).toBe(409);
    expect(again.body.error.type).toBe('validation_failed');
    expect(again.body.error.errors[0]).toMatchObject({ reason: 'bank_account_exists' });
    expect(again.body.error.errors[0].field).toBe('account_number');
    const badRouting = await m.api.post('/customer_bank_accounts', {
      customer_bank_accounts: { ...SANDBOX_ACCOUNTS.USD, bank_code: '026073151', links: { customer: customer.id } },
    });
    expect(badRouting.status).toBe(422);
    expect(badRouting.body.error.errors[0].field).toBe('bank_code');
    const noType = await m.api.post('/customer_bank_accounts', {
      customer_bank_accounts: {
        ...SANDBOX_ACCOUNTS.USD,
        account_type: null,
        account_number: '99999999',
        links: { customer: customer.id },
      },
    });
    expect(noType.body.error.errors[0].field).toBe('account_type');
    const unknown = await m.api.post('/customer_bank_accounts', {
      customer_bank_accounts: { ...SANDBOX_ACCOUNTS.GBP, links: { customer: 'CU00000000000000000000000000' } },
    });
    expect(unknown.status).toBe(404);
    expect(reasonOf(unknown)).toBe('link_not_found');
  });

  it('disables an account once, cancelling its mandates; a second disable is disable_failed', async () => {
    const { billingRequest, mandateId } = await createMandateViaBillingRequest(m, { currency: 'EUR' });
    const accountId = billingRequest.links.customer_bank_account;
    const disabled = await m.api.post(`/customer_bank_accounts/${accountId}/actions/disable`, { data: {} });
    expect(disabled.body.customer_bank_accounts.enabled).toBe(false);
    expect((await m.api.get(`/mandates/${mandateId}`)).body.mandates.status).toBe('cancelled');
    const again = await m.api.post(`/customer_bank_accounts/${accountId}/actions/disable`, { data: {} });
    expect(again.status).toBe(422);
    expect(again.body.error.type).toBe('invalid_state');
    expect(reasonOf(again)).toBe('disable_failed');
    expect(
      (await m.api.get(`/customer_bank_accounts?customer=${billingRequest.links.customer}&enabled=false`)).body
        .customer_bank_accounts,
    ).toHaveLength(1);
    const reinstate = await m.api.post(`/mandates/${mandateId}/actions/reinstate`, { data: {} });
    expect(reasonOf(reinstate)).toBe('bank_account_disabled');
  });

  it('updates metadata only', async () => {
    const { billingRequest } = await createMandateViaBillingRequest(m, { currency: 'AUD' });
    const id = billingRequest.links.customer_bank_account;
    expect(
      (await m.api.put(`/customer_bank_accounts/${id}`, { customer_bank_accounts: { metadata: { k: 'v' } } })).body
        .customer_bank_accounts.metadata,
    ).toEqual({ k: 'v' });
    expect(
      (await m.api.put(`/customer_bank_accounts/${id}`, { customer_bank_accounts: { account_holder_name: 'X' } }))
        .status,
    ).toBe(400);
  });
});

describe('creditors', () => {
  it('gets, lists and updates the organisation’s creditor, one updated event per changed field', async () => {
    const list = (await m.api.get('/creditors')).body.creditors;
    expect(list.map((c: { id: string }) => c.id)).toEqual([m.creditorId]);
    const creditor = (await m.api.get(`/creditors/${m.creditorId}`)).body.creditors;
    // Only the identifiers asked for (POST /scheme_identifiers) are the creditor's (decision 0036).
    expect(creditor.scheme_identifiers).toEqual([]);
    const updated = await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { name: 'Acme Trading', city: 'Leeds' },
    });
    expect(updated.body.creditors).toMatchObject({ name: 'Acme Trading', city: 'Leeds' });
    const events = (await m.api.get(`/events?creditor=${m.creditorId}`)).body.events;
    expect(events.map((e: { details: { property: string } }) => e.details.property).sort()).toEqual(['city', 'name']);
    expect((await m.api.put(`/creditors/${m.creditorId}`, { creditors: { country_code: 'gb1' } })).status).toBe(422);
    const other = await server.merchant();
    expect((await other.api.get(`/creditors/${m.creditorId}`)).status).toBe(404);
  });

  it('updates a creditor in the request’s one unit of work: if its last event cannot be written, nothing changes', async () => {
    const merchant = await server.merchant();
    const before = (await merchant.api.get(`/creditors/${merchant.creditorId}`)).body.creditors;
    // Refuses only the second of the two `updated` events, after the row and the first event were written.
    await server.services.db.query(
      "ALTER TABLE events ADD CONSTRAINT refuse_city CHECK (resource_type <> 'creditors' OR details->>'property' <> 'city') NOT VALID",
    );
    try {
      const res = await merchant.api.put(`/creditors/${merchant.creditorId}`, {
        creditors: { name: 'Never Ltd', city: 'Nowhere' },
      });
      expect(res.status).toBe(500);
      expect(res.body.error.errors[0].reason).toBe('internal_server_error');
    } finally {
      await server.services.db.query('ALTER TABLE events DROP CONSTRAINT refuse_city');
    }
    expect((await merchant.api.get(`/creditors/${merchant.creditorId}`)).body.creditors).toEqual(before);
    expect((await merchant.api.get(`/events?creditor=${merchant.creditorId}`)).body.events).toEqual([]);
  });

  it('needs links.creditor on a billing request only when the organisation has several creditors', async () => {
    const merchant = await server.merchant();
    const second = (
      await post(
        merchant.api,
        '/creditors',
        { creditors: { name: 'Second Ltd', country_code: 'GB', creditor_type: 'company' } },
        201,
      )
    ).creditors;
    const res = await merchant.api.post('/billing_requests', {
      billing_requests: { mandate_request: { currency: 'GBP' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.error.errors[0].field).toBe('links.creditor');
    const ok = await merchant.api.post('/billing_requests', {
      billing_requests: { mandate_request: { currency: 'GBP' }, links: { creditor: second.id } },
    });
    expect(ok.body.billing_requests.links.creditor).toBe(second.id);
  });
});

describe('restrictions in live', () => {
  let live: TestServer;
  let lm: Merchant;
  beforeAll(async () => {
    live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
    lm = await live.merchant();
  });
  afterAll(() => live?.close());

  it.each([
    ['POST', '/customers', { customers: { email: 'a@b.co' } }, 'forbidden'],
    [
      'POST',
      '/customer_bank_accounts',
      { customer_bank_accounts: { ...SANDBOX_ACCOUNTS.GBP, links: { customer: 'CU1' } } },
      'forbidden',
    ],
    ['POST', '/mandates', { mandates: { links: { customer_bank_account: 'BA1' } } }, 'forbidden'],
    ['POST', '/mandates/MD1/actions/reinstate', { data: {} }, 'forbidden'],
    ['POST', '/creditors', { creditors: { name: 'X', country_code: 'GB', creditor_type: 'company' } }, 'forbidden'],
    ['POST', '/billing_requests/BRQ1/actions/confirm_payer_details', { data: {} }, 'forbidden'],
    ['POST', '/billing_requests/BRQ1/actions/fallback', { data: {} }, 'feature_disabled'],
    [
      'POST',
      '/billing_requests/BRQ1/actions/select_institution',
      { data: { institution: 'monzo', country_code: 'GB' } },
      'feature_disabled',
    ],
    // Sandbox only, whatever the approvals.
    [
      'POST',
      '/scenario_simulators/payment_failed/actions/run',
      { data: { links: { resource: 'PM1' } } },
      'feature_disabled',
    ],
  ])('%s %s is refused with 403 %s unless approved', async (method, path, body, reason) => {
    const res = await lm.api.request(method, path, body);
    expect(res.status).toBe(403);
    expect(res.body.error.errors[0].reason).toBe(reason);
  });

  it('opens each restricted endpoint once the organisation is approved for it', async () => {
    const approved = await live.merchant();
    await approveForLive(live, approved);
    expect((await approved.api.post('/customers', { customers: { email: 'a@b.co' } })).status).toBe(201);
    expect(
      (
        await approved.api.post('/creditors', {
          creditors: { name: 'X', country_code: 'GB', creditor_type: 'company' },
        })
      ).status,
    ).toBe(201);
    const fallback = await approved.api.post('/billing_requests/BRQ00000000000000000000000000/actions/fallback', {
      data: {},
    });
    expect(fallback.status).toBe(404);
    const simulator = await approved.api.post('/scenario_simulators/payment_failed/actions/run', {
      data: { links: { resource: 'PM1' } },
    });
    expect(simulator.status).toBe(403);
    expect(simulator.body.error.errors[0].reason).toBe('feature_disabled');
  });

  it('does not let a live bank authorisation be timed out by hand (a sandbox bank button only)', async () => {
    const approved = await live.merchant();
    await approveForLive(live, approved);
    // An instant payment is refused in live (decision 0092); a verified mandate still asks the payer's bank.
    const br = (
      await post(
        approved.api,
        '/billing_requests',
        { billing_requests: { mandate_request: { currency: 'GBP', verify: 'always' } } },
        201,
      )
    ).billing_requests;
    await post(approved.api, `/billing_requests/${br.id}/actions/collect_customer_details`, {
      data: { customer: CUSTOMER_DETAILS.GBP.customer },
    });
    await post(approved.api, `/billing_requests/${br.id}/actions/select_institution`, {
      data: { institution: 'monzo', country_code: 'GB' },
    });
    const flow = (
      await post(
        approved.api,
        '/billing_request_flows',
        { billing_request_flows: { links: { billing_request: br.id } } },
        201,
      )
    ).billing_request_flows;
    const payer = {
      organisationId: approved.organisationId,
      origin: 'payer' as const,
      source: { type: 'billing_request_flow' as const },
    };
    const auth = await live.services.db.transaction((tx) =>
      live.services.bankAuthorisations.createForFlow(tx, payer, {
        billingRequestId: br.id,
        flowId: flow.id,
        redirectUri: `${live.config.publicUrl}/pay/${flow.id}/bank-return`,
      }),
    );
    await expect(
      live.services.db.transaction((tx) => live.services.bankAuthorisations.simulateTimeout(tx, payer, auth.id)),
    ).rejects.toMatchObject({
      reason: 'forbidden',
    });
    expect((await approved.api.get(`/bank_authorisations/${auth.id}`)).body.bank_authorisations.expires_at).toBe(
      auth.expires_at.toISOString(),
    );
  });

  it('keeps billing requests, their other actions and fulfilment open in live', async () => {
    const res = await lm.api.post('/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } });
    expect(res.status).toBe(201);
    const id = res.body.billing_requests.id;
    expect(
      (await lm.api.post(`/billing_requests/${id}/actions/collect_customer_details`, { data: CUSTOMER_DETAILS.GBP }))
        .status,
    ).toBe(200);
    expect(
      (await lm.api.post(`/billing_requests/${id}/actions/collect_bank_account`, { data: SANDBOX_ACCOUNTS.GBP }))
        .status,
    ).toBe(200);
  });
});
