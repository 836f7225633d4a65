import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMandate, collectedPayment } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';

/**
 * The official Node client (gocardless-nodejs, unchanged) as its code samples call it: integers
 * as strings (its generated docs type them so; the 10.1.2 typings say number, hence `digits`).
 * Amounts, counts and days sent as strings work against the real server (decision 0077).
 */
const digits = (text: string) => text as unknown as number;
let server: TestServer;
let merchant: Merchant;
let client: ReturnType<typeof gocardless>;
let mandateId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' } });
  merchant = await server.merchant();
  mandateId = await activeMandate(merchant);
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  client = gocardless(merchant.token, Environments.Sandbox, { proxy: { https: agent } } as never);
});
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

  it('lists with a limit', async () => {
    const page = await client.payments.list({ limit: digits('2') });
    expect(page.meta.limit).toBe(2);
  });
});
