import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, approveForLive } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post } from '../support/journeys';

/**
 * Issue #38.7: ACH and PAD mandates must tell the payer how to reach the creditor (a phone or an
 * email, schemes.md § 4). In live a creditor with neither cannot take those schemes' mandates:
 * `creditor_contact_required` at `links.creditor` when the billing request (or mandate) is made, and
 * nothing is written. Other schemes never needed it; the sandbox names a default contact.
 */
let live: TestServer;
let lm: Merchant;

beforeAll(async () => {
  live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  lm = await live.merchant();
  await approveForLive(live, lm);
});
afterAll(() => live?.close());

const billingRequest = (mandate_request: Record<string, unknown>) => ({ billing_requests: { mandate_request } });
const count = async (merchant: Merchant) =>
  (await merchant.api.get('/billing_requests?limit=500')).body.billing_requests.length;

describe('live: a creditor without a phone or email', () => {
  it.each([
    ['ach', { currency: 'USD', scheme: 'ach' }],
    ['pad', { currency: 'CAD', scheme: 'pad' }],
    // The scheme follows from the currency when it is not named.
    ['pad', { currency: 'CAD' }],
  ])('cannot take %s mandates: 422 creditor_contact_required at links.creditor, nothing written', async (scheme, m) => {
    const before = await count(lm);
    const res = await lm.api.post('/billing_requests', billingRequest(m));
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.documentation_url).toMatch(/\/docs\/errors#creditor_contact_required$/);
    expect(res.body.error.errors).toEqual([
      expect.objectContaining({ reason: 'creditor_contact_required', field: 'links.creditor', metadata: { scheme } }),
    ]);
    expect(await count(lm)).toBe(before);
  });

  it('refuses an ACH mandate made through the API the same way', async () => {
    const customer = (await post(lm.api, '/customers', { customers: CUSTOMER_DETAILS.USD.customer }, 201)).customers;
    const account = (
      await post(
        lm.api,
        '/customer_bank_accounts',
        { customer_bank_accounts: { ...SANDBOX_ACCOUNTS.USD, links: { customer: customer.id } } },
        201,
      )
    ).customer_bank_accounts;
    const res = await lm.api.post('/mandates', {
      mandates: { payer_ip_address: '203.0.113.7', links: { customer_bank_account: account.id } },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.errors[0]).toMatchObject({ reason: 'creditor_contact_required', field: 'links.creditor' });
    expect((await lm.api.get('/mandates')).body.mandates).toHaveLength(0);
  });

  it('still takes schemes that need no such contact (Bacs, SEPA)', async () => {
    for (const m of [{ currency: 'GBP', scheme: 'bacs' }, { currency: 'EUR' }])
      expect((await lm.api.post('/billing_requests', billingRequest(m))).status).toBe(201);
  });

  it('takes ACH and PAD once the creditor has a phone number (or an email)', async () => {
    const phone = await lm.api.put(`/creditors/${lm.creditorId}`, { creditors: { phone_number: '+1 212 555 0100' } });
    expect(phone.status, phone.text).toBe(200);
    expect((await lm.api.post('/billing_requests', billingRequest({ currency: 'USD' }))).status).toBe(201);
    await lm.api.put(`/creditors/${lm.creditorId}`, {
      creditors: { phone_number: null, email: 'payments@merchant.example' },
    });
    expect((await lm.api.post('/billing_requests', billingRequest({ currency: 'CAD' }))).status).toBe(201);
  });
});

describe('sandbox', () => {
  it('takes ACH and PAD mandates for a creditor without a contact (its texts name a default one)', async () => {
    const sandbox = await startTestServer();
    try {
      const m = await sandbox.merchant();
      for (const currency of ['USD', 'CAD'])
        expect((await m.api.post('/billing_requests', billingRequest({ currency }))).status).toBe(201);
    } finally {
      await sandbox.close();
    }
  });
});
