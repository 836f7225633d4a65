import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { activeMandate, collectedPayment } from '../support/money';
import { createOutbound, key, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Sandbox funds (issue #39, decision 0073): a sandbox organisation holds its payouts back through
 * `PUT /sandbox/settings`, so what it collects stays in its balance for refunds and outbound
 * payments; letting them go pays everything held out. Refused in live.
 */
let server: TestServer;
const clock = new ManualClock('2026-11-23T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
});
afterAll(() => server?.close());

/** A confirmed GBP payment, with the clock and the payout job run after it. */
async function confirmedAndRun(m: Merchant, amount: number) {
  const payment = await collectedPayment(m, await activeMandate(m), amount, 'payment_confirmed');
  await server.schemeClock.runDue();
  await server.payoutRunner.runDue();
  return payment;
}

const refund = (m: Merchant, payment: string, amount: number) =>
  m.api.post('/refunds', { refunds: { amount, links: { payment } } }, key('refund'));

describe('sandbox settings: holding payouts', () => {
  it('holds a payment in the balance, so a refund and an outbound payment can draw on it; letting go pays it out', async () => {
    const m = await server.merchant(undefined, { payoutAccounts: true });
    expect((await m.api.get('/sandbox/settings')).body.sandbox_settings).toEqual({ hold_payouts: false });
    const held = await m.api.put('/sandbox/settings', { sandbox_settings: { hold_payouts: true } });
    expect(held.status, held.text).toBe(200);
    expect(held.body.sandbox_settings).toEqual({ hold_payouts: true });
    // Read-only tokens read it but cannot change it.
    expect((await m.readOnly.get('/sandbox/settings')).body.sandbox_settings).toEqual({ hold_payouts: true });
    expect((await m.readOnly.put('/sandbox/settings', { sandbox_settings: { hold_payouts: false } })).status).toBe(403);

    const payment = await confirmedAndRun(m, 5000);
    expect((await m.api.get(`/payments/${payment}`)).body.payments).toMatchObject({ status: 'confirmed' });
    // The payment less the sandbox's fees stays in the creditor's confirmed funds.
    const balances = (await m.api.get(`/balances?creditor=${m.creditorId}`)).body.balances as {
      balance_type: string;
      currency: string;
      amount: number;
    }[];
    const confirmed = balances.find((b) => b.balance_type === 'confirmed_funds' && b.currency === 'GBP');
    expect(confirmed!.amount).toBeGreaterThan(4500);

    const refunded = await refund(m, payment, 500);
    expect(refunded.status, refunded.text).toBe(201);
    await createOutbound(m, await recipient(m), 1500);

    const released = await m.api.put('/sandbox/settings', { sandbox_settings: { hold_payouts: false } });
    expect(released.body.sandbox_settings).toEqual({ hold_payouts: false });
    await server.payoutRunner.runDue();
    await server.schemeClock.runDue();
    expect((await m.api.get(`/payments/${payment}`)).body.payments).toMatchObject({
      status: 'paid_out',
      links: { payout: expect.stringMatching(/^PO/) },
    });
  });

  it('without the hold the sandbox pays everything out at once, and the refund finds nothing to draw on', async () => {
    const m = await server.merchant(undefined, { payoutAccounts: true });
    const payment = await confirmedAndRun(m, 5000);
    expect((await m.api.get(`/payments/${payment}`)).body.payments).toMatchObject({ status: 'paid_out' });
    const refused = await refund(m, payment, 500);
    expect(refused.status).toBe(422);
    expect(refused.body.error.errors[0].reason).toBe('available_refund_amount_insufficient');
  });

  it("is one organisation's: another organisation keeps paying out", async () => {
    const holding = await server.merchant(undefined, { payoutAccounts: true });
    const other = await server.merchant(undefined, { payoutAccounts: true });
    await holding.api.put('/sandbox/settings', { sandbox_settings: { hold_payouts: true } });
    expect((await other.api.get('/sandbox/settings')).body.sandbox_settings).toEqual({ hold_payouts: false });
    const payment = await confirmedAndRun(other, 1000);
    expect((await other.api.get(`/payments/${payment}`)).body.payments).toMatchObject({ status: 'paid_out' });
  });

  it('is documented in the OpenAPI document as a bankflow extension', async () => {
    const doc = (await server.anonymous.get('/openapi.json')).body;
    expect(doc.paths['/sandbox/settings'].get['x-bankflow-extension']).toBe(true);
    expect(doc.paths['/sandbox/settings'].put['x-bankflow-extension']).toBe(true);
    expect(doc.paths['/payments'].get['x-bankflow-extension']).toBeUndefined();
  });
});

describe('sandbox settings in live', () => {
  it('are refused', async () => {
    const live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
    try {
      const m = await live.merchant();
      for (const res of [
        await m.api.get('/sandbox/settings'),
        await m.api.put('/sandbox/settings', { sandbox_settings: { hold_payouts: true } }),
      ]) {
        expect(res.body.error.type).toBe('invalid_api_usage');
        expect(res.body.error.errors[0].reason).toBe('feature_disabled');
      }
    } finally {
      await live.close();
    }
  });
});
