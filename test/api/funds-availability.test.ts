import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, approveForLive } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, CUSTOMER_DETAILS, post } from '../support/journeys';

/**
 * Funds availability (issue 22): whether a mandate's account can take an amount, answered in the
 * sandbox by the simulated bank (settable per account for testing); refused in live.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let mandateId: string;
let accountId: string;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
  const made = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  mandateId = made.mandateId;
  accountId = made.billingRequest.links.customer_bank_account;
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body?.error?.errors?.[0]?.reason;
const check = (merchant: Merchant, id: string, amount: string) =>
  merchant.readOnly.get(`/funds_availability/${id}?amount=${amount}`);

describe('GET /funds_availability/:mandate', () => {
  it('answers available by default, then as the funds set for the account say', async () => {
    const res = await check(m, mandateId, '100000');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ funds_availability: { available: true } });
    await server.services.db.transaction((tx) =>
      server.services.fundsAvailability.setSimulatedFunds(tx, accountId, 5000),
    );
    expect((await check(m, mandateId, '5000')).body.funds_availability.available).toBe(true);
    expect((await check(m, mandateId, '5001')).body.funds_availability.available).toBe(false);
  });

  it('answers not available for the Penniless payer (the name trigger with no funds)', async () => {
    const penniless = await createMandateViaBillingRequest(m, {
      currency: 'GBP',
      customerDetails: {
        ...CUSTOMER_DETAILS.GBP,
        customer: { ...CUSTOMER_DETAILS.GBP.customer, given_name: 'Penniless' },
      },
    });
    expect((await check(m, penniless.mandateId, '1')).body.funds_availability.available).toBe(false);
  });

  it('is 404 for another organisation’s mandate and for none', async () => {
    for (const id of [mandateId, 'MD00000000000000000000000000']) {
      const res = await check(other, id, '100');
      expect(res.status).toBe(404);
      expect(reasonOf(res)).toBe('resource_not_found');
    }
  });

  it.each(['', '0', '-1', '1.5', '1e3', 'abc', '9999999999999', '1%00'])(
    'refuses amount=%s with a 4xx',
    async (amount) => {
      const res = await check(m, mandateId, amount);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    },
  );

  it('refuses a cancelled mandate (mandate_is_inactive)', async () => {
    const made = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    await post(m.api, `/mandates/${made.mandateId}/actions/cancel`, { data: {} });
    const res = await check(m, made.mandateId, '100');
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('mandate_is_inactive');
  });

  it('has no writes: POST is 405 naming GET', async () => {
    const res = await m.api.post(`/funds_availability/${mandateId}`, { data: {} });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET');
  });
});

describe('funds availability in live', () => {
  it('refuses with feature_disabled: live has no bank connection to ask', async () => {
    const live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
    try {
      const lm = await live.merchant();
      await approveForLive(live, lm);
      const { mandateId: liveMandate } = await createMandateViaBillingRequest(lm, { currency: 'EUR' });
      const res = await check(lm, liveMandate, '100');
      expect(res.status).toBe(403);
      expect(reasonOf(res)).toBe('feature_disabled');
      await expect(
        live.services.db.transaction((tx) => live.services.fundsAvailability.setSimulatedFunds(tx, 'BA0', 1)),
      ).rejects.toMatchObject({ reason: 'feature_disabled' });
    } finally {
      await live.close();
    }
  });
});
