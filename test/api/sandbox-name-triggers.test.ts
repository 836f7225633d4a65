import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest, post, type SandboxCurrency } from '../support/journeys';

/**
 * Sandbox name triggers (schemes.md § 5): the payer's given name decides how the simulated bank
 * treats their one-off payments, on Bacs, SEPA and Autogiro only, and never in live.
 */
const DAY = 86_400_000;
const AMOUNTS: Record<string, number> = { GBP: 1500, EUR: 1500, USD: 1500, SEK: 10000 };

async function collect(
  server: TestServer,
  clock: ManualClock,
  merchant: Merchant,
  currency: SandboxCurrency,
  givenName: string,
) {
  const details = CUSTOMER_DETAILS[currency];
  const { mandateId } = await createMandateViaBillingRequest(merchant, {
    currency,
    customerDetails: { ...details, customer: { ...details.customer, given_name: givenName } },
  });
  const payment = (
    await post(
      merchant.api,
      '/payments',
      { payments: { amount: AMOUNTS[currency], currency, links: { mandate: mandateId } } },
      201,
    )
  ).payments;
  // Walk the clock a day at a time for three weeks, applying what falls due: enough for the slowest scheme.
  for (let day = 0; day < 21; day++) {
    clock.advance(DAY);
    await server.schemeClock.runDue();
  }
  const events = (await merchant.api.get(`/events?payment=${payment.id}`)).body.events.reverse();
  return { status: (await merchant.api.get(`/payments/${payment.id}`)).body.payments.status, events };
}

describe('in the sandbox', () => {
  let server: TestServer;
  let m: Merchant;
  const clock = new ManualClock('2026-03-02T10:00:00.000Z');
  beforeAll(async () => {
    server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
    m = await server.merchant(undefined, { payoutAccounts: true });
  });
  afterAll(() => server?.close());

  it('Penniless: the payment fails for lack of funds instead of being confirmed, with the reason code', async () => {
    const { status, events } = await collect(server, clock, m, 'GBP', 'Penniless');
    expect(status).toBe('failed');
    expect(events.map((e: any) => e.action)).toEqual(['created', 'submitted', 'failed']);
    expect(events[2].details).toMatchObject({
      origin: 'bank',
      cause: 'insufficient_funds',
      reason_code: 'ARUDD-0',
      will_attempt_retry: false,
    });
  });

  it('Late: confirmed, then a late failure instead of the payout', async () => {
    const { status, events } = await collect(server, clock, m, 'GBP', 'Late');
    expect(status).toBe('failed');
    expect(events.map((e: any) => e.action)).toEqual(['created', 'submitted', 'confirmed', 'failed']);
  });

  it('Fickle on SEPA: paid out, then charged back with the scheme’s dispute code', async () => {
    const { status, events } = await collect(server, clock, m, 'EUR', 'Fickle');
    expect(status).toBe('charged_back');
    expect(events.map((e: any) => e.action)).toEqual(['created', 'submitted', 'confirmed', 'paid_out', 'charged_back']);
    expect(events.at(-1).details).toMatchObject({
      cause: 'authorisation_disputed',
      reason_code: 'MD06',
      scheme: 'sepa_core',
    });
    // Paid out means in a payout, on this path too: the paid_out event and the payment link to it.
    const paidOut = events.find((e: any) => e.action === 'paid_out');
    expect(paidOut.links.payout).toMatch(/^PO/);
    const payout = (await m.api.get(`/payouts/${paidOut.links.payout}`)).body.payouts;
    expect(payout).toMatchObject({ currency: 'EUR', status: expect.stringMatching(/^(pending|paid)$/) });
  });

  it('Penniless on Autogiro fails too', async () => {
    expect((await collect(server, clock, m, 'SEK', 'Penniless')).status).toBe('failed');
  });

  it.each([
    ['GBP', 'Successful'],
    ['GBP', 'Jane'],
    // Not a name-triggered scheme.
    ['USD', 'Penniless'],
  ] as const)('a %s payer named %s is collected normally', async (currency, name) => {
    const { status, events } = await collect(server, clock, m, currency, name);
    expect(status).toBe('paid_out');
    expect(events.map((e: any) => e.action)).toEqual(['created', 'submitted', 'confirmed', 'paid_out']);
  });
});

describe('in live', () => {
  let server: TestServer;
  let m: Merchant;
  const clock = new ManualClock('2026-03-02T10:00:00.000Z');
  beforeAll(async () => {
    server = await startTestServer({ clock, env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
    m = await server.merchant(undefined, { payoutAccounts: true });
    await server.services.access.setApprovals(server.services.db, m.organisationId, {
      payment_pages_approved: true,
      white_label_partner: false,
      custom_payment_pages: false,
    });
    // A live Bacs mandate needs the creditor's postal address (schemes.md §4).
    await m.api.put(`/creditors/${m.creditorId}`, {
      creditors: { address_line1: '1 Example Street', city: 'London', postal_code: 'EC1A 1BB' },
    });
  });
  afterAll(() => server?.close());

  it('a real payer named Penniless is collected like anyone else', async () => {
    const { status } = await collect(server, clock, m, 'GBP', 'Penniless');
    expect(status).toBe('paid_out');
  });
});
