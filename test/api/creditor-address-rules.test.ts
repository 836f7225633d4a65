import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, approveForLive } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post } from '../support/journeys';

/**
 * Bacs puts the creditor's name and address on every mandate page (schemes.md §4): in live a
 * creditor without a postal address cannot take a Bacs mandate, and the sandbox's own creditors
 * are made with one so their pages show what a live page must.
 */
let live: TestServer;
let lm: Merchant;

beforeAll(async () => {
  live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
  lm = await live.merchant();
  await approveForLive(live, lm);
});
afterAll(() => live?.close());

async function accountOf(merchant: Merchant, currency: 'GBP' | 'EUR') {
  const customer = (
    await post(merchant.api, '/customers', { customers: { ...CUSTOMER_DETAILS[currency].customer } }, 201)
  ).customers;
  return (
    await post(
      merchant.api,
      '/customer_bank_accounts',
      { customer_bank_accounts: { ...SANDBOX_ACCOUNTS[currency], links: { customer: customer.id } } },
      201,
    )
  ).customer_bank_accounts;
}

describe('live Bacs mandates need the creditor’s address', () => {
  it('refuses a Bacs mandate for a creditor without an address (422 at links.creditor) and writes nothing', async () => {
    const account = await accountOf(lm, 'GBP');
    const res = await lm.api.post('/mandates', { mandates: { links: { customer_bank_account: account.id } } });
    expect(res.status).toBe(422);
    expect(res.body.error.type).toBe('validation_failed');
    expect(res.body.error.errors.map((e: { field: string }) => e.field)).toContain('links.creditor');
    expect((await lm.api.get('/mandates')).body.mandates).toHaveLength(0);
  });

  it('takes it once the creditor has a full address, and other schemes never needed one', async () => {
    const sepa = await accountOf(lm, 'EUR');
    expect((await lm.api.post('/mandates', { mandates: { links: { customer_bank_account: sepa.id } } })).status).toBe(
      201,
    );
    const partial = await lm.api.put(`/creditors/${lm.creditorId}`, { creditors: { address_line1: '2 Market St' } });
    expect(partial.status).toBe(200);
    const account = await accountOf(lm, 'GBP');
    const stillRefused = await lm.api.post('/mandates', { mandates: { links: { customer_bank_account: account.id } } });
    expect(stillRefused.status).toBe(422);
    await lm.api.put(`/creditors/${lm.creditorId}`, { creditors: { city: 'Leeds', postal_code: 'LS1 4AP' } });
    const created = await lm.api.post('/mandates', { mandates: { links: { customer_bank_account: account.id } } });
    expect(created.status).toBe(201);
    expect(created.body.mandates.scheme).toBe('bacs');
  });
});

describe('the sandbox’s own creditor', () => {
  it('is made with a full address', async () => {
    const value = 'sandbox_bootstrap_with_address_0001';
    const sandbox = await startTestServer({ env: { BOOTSTRAP_ACCESS_TOKEN: value } });
    try {
      await sandbox.ready;
      const creditors = (await sandbox.anonymous.withToken(value).get('/creditors')).body.creditors;
      expect(creditors).toHaveLength(1);
      expect(creditors[0]).toMatchObject({
        address_line1: expect.any(String),
        city: expect.any(String),
        postal_code: expect.any(String),
        country_code: 'GB',
      });
    } finally {
      await sandbox.close();
    }
  });
});
