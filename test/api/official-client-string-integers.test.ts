import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMandate, collectedPayment } from '../support/money';
import { fund, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

/**
 * The official Node client (gocardless-nodejs, unchanged) as its code samples call it: integers
 * as strings (its generated docs type them so; the 10.1.2 typings say number, hence `digits`).
 * Every integer its request types carry (amounts, fees, counts, days, limits, pause_cycles), sent
 * as a string, works against the real server (decision 0077).
 */
const digits = (text: string) => text as unknown as number;
let server: TestServer;
let merchant: Merchant;
let client: ReturnType<typeof gocardless>;
let mandateId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  merchant = await server.merchant();
  mandateId = await activeMandate(merchant);
  client = clientFor(merchant.token);
});

function clientFor(token: string) {
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  return gocardless(token, Environments.Sandbox, { proxy: { https: agent } } as never);
}
afterAll(() => server?.close());

describe('the official client with its string-typed integers', () => {
  it('creates and updates a subscription with amount, day_of_month and interval as strings', async () => {
    const subscription = await client.subscriptions.create({
      amount: digits('2500'),
      currency: 'GBP',
      name: 'Monthly Magazine',
      interval_unit: 'monthly' as never,
      interval: digits('1'),
      day_of_month: digits('1'),
      links: { mandate: mandateId },
    });
    expect(subscription).toMatchObject({ amount: 2500, day_of_month: 1, interval: 1 });
    const updated = await client.subscriptions.update(subscription.id!, { amount: digits('4200'), name: 'New Name' });
    // The sample's own `amount: "42"` is below Bacs' minimum (docs/api-fidelity-requests.md).
    expect(updated).toMatchObject({ amount: 4200, name: 'New Name' });
  });

  it('refunds with amount and total_amount_confirmation as strings', async () => {
    const payment = await collectedPayment(merchant, mandateId, 300);
    const refund = await client.refunds.create({
      amount: digits('100'),
      total_amount_confirmation: digits('100'),
      links: { payment },
    });
    expect(refund.amount).toBe(100);
  });

  it('creates an instalment schedule with total_amount, app_fee and amounts as strings', async () => {
    const schedule = await client.instalmentSchedules.createWithSchedule({
      name: 'ACME Invoice 103',
      total_amount: digits('10000'),
      app_fee: digits('10'),
      currency: 'GBP' as never,
      instalments: {
        interval_unit: 'weekly' as never,
        interval: digits('2'),
        amounts: ['3400', '3400', '3200'].map(digits),
      } as never,
      links: { mandate: mandateId },
    });
    expect(schedule.total_amount).toBe(10000);
  });

  it('creates a payment with amount and app_fee as strings', async () => {
    const payment = await client.payments.create({
      amount: digits('1000'),
      app_fee: digits('10'),
      currency: 'GBP' as never,
      links: { mandate: mandateId },
    });
    expect(payment).toMatchObject({ amount: 1000, app_fee: 10 });
  });

  it('creates a subscription with count and app_fee as strings, and pauses it for pause_cycles as a string', async () => {
    const subscription = await client.subscriptions.create({
      amount: digits('1500'),
      app_fee: digits('5'),
      count: digits('6'),
      currency: 'GBP',
      interval_unit: 'monthly' as never,
      links: { mandate: mandateId },
    });
    expect(subscription).toMatchObject({ amount: 1500, app_fee: 5, count: 6 });
    const paused = await client.subscriptions.pause(subscription.id!, { pause_cycles: digits('2') });
    expect(paused.status).toBe('paused');
  });

  it('creates an instalment schedule with dates, its total_amount and each amount as strings', async () => {
    const schedule = await client.instalmentSchedules.createWithDates({
      name: 'Invoice with dates',
      total_amount: digits('6000'),
      currency: 'GBP' as never,
      instalments: [
        { charge_date: null, amount: digits('3000') },
        { charge_date: null, amount: digits('3000') },
      ] as never,
      links: { mandate: mandateId },
    });
    expect(schedule.total_amount).toBe(6000);
  });

  it('creates billing requests whose amounts, limits, counts and days are strings', async () => {
    const withPayment = await client.billingRequests.create({
      payment_request: { amount: digits('500'), app_fee: digits('5'), currency: 'GBP' },
      mandate_request: {
        currency: 'GBP',
        scheme: 'faster_payments',
        sweeping: true,
        constraints: {
          max_amount_per_payment: digits('1000'),
          periodic_limits: [{ period: 'month', max_total_amount: digits('5000'), max_payments: digits('3') }],
        },
      } as never,
    });
    expect(withPayment.payment_request).toMatchObject({ amount: 500, app_fee: 5 });
    expect(withPayment.mandate_request!.constraints).toMatchObject({
      max_amount_per_payment: 1000,
      periodic_limits: [{ max_total_amount: 5000, max_payments: 3 }],
    });

    const withSubscription = await client.billingRequests.create({
      mandate_request: { currency: 'USD', scheme: 'ach' },
      subscription_request: {
        amount: digits('2000'),
        currency: 'USD',
        count: digits('12'),
        day_of_month: digits('15'),
        interval: digits('1'),
        interval_unit: 'monthly',
      },
    } as never);
    expect(withSubscription.subscription_request).toMatchObject({ amount: 2000, count: 12, day_of_month: 15 });

    const withInstalments = await client.billingRequests.create({
      mandate_request: { currency: 'USD', scheme: 'ach' },
      instalment_schedule_request: {
        name: 'Three parts',
        currency: 'USD',
        total_amount: digits('3000'),
        instalments_with_schedule: {
          amounts: ['1000', '1000', '1000'].map(digits),
          interval: digits('1'),
          interval_unit: 'monthly',
        },
      },
    } as never);
    expect(withInstalments.instalment_schedule_request).toMatchObject({ total_amount: 3000 });
  });

  it('creates a mandate PDF with subscription_amount as a string', async () => {
    const pdf = await client.mandatePdfs.create({
      account_number: '44779911',
      branch_code: '200000',
      country_code: 'GB',
      subscription_amount: digits('2500'),
      subscription_frequency: 'monthly',
    } as never);
    expect(pdf.url).toMatch(/\/mandate_pdfs\/files\//);
  });

  it('sends and withdraws outbound payments with amounts as strings', async () => {
    const payer = await server.merchant(undefined, { withoutFees: true, payoutAccounts: true });
    await fund(payer, 10_000);
    const outbound = clientFor(payer.token);
    const sent = await outbound.outboundPayments.create({
      amount: digits('1500'),
      scheme: 'faster_payments',
      links: { recipient_bank_account: await recipient(payer) },
    } as never);
    expect(sent.amount).toBe(1500);
    const withdrawal = await outbound.outboundPayments.withdraw({
      amount: digits('700'),
      scheme: 'faster_payments',
    } as never);
    expect(withdrawal).toMatchObject({ is_withdrawal: true, amount: 700 });
  });

  it('lists with a limit', async () => {
    const page = await client.payments.list({ limit: digits('2') });
    expect(page.meta.limit).toBe(2);
  });
});
