import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { OfficialClientShape } from '../support/official-client';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS } from '../support/journeys';

/**
 * Recurring collection as an existing client library does it (gocardless-nodejs request shapes):
 * a Bacs mandate set up once, then `subscriptions.create` on it, `pause`, `resume`, `list`,
 * `update` and `cancel`, each call exactly as the client sends it.
 */
let server: TestServer;
let client: OfficialClientShape;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  const merchant = await server.merchant();
  client = new OfficialClientShape(server.url, merchant.token);
});
afterAll(() => server?.close());

async function bacsMandate(): Promise<string> {
  const br = (await client.create('billing_requests', { mandate_request: { currency: 'GBP', scheme: 'bacs' } })).body
    .billing_requests;
  await client.action('billing_requests', br.id, 'collect_customer_details', CUSTOMER_DETAILS.GBP);
  await client.action('billing_requests', br.id, 'collect_bank_account', SANDBOX_ACCOUNTS.GBP);
  await client.action('billing_requests', br.id, 'confirm_payer_details', {});
  const fulfilled = await client.action('billing_requests', br.id, 'fulfil', {});
  return fulfilled.body.billing_requests.links.mandate_request_mandate;
}

describe('the official client’s subscription calls', () => {
  it('creates a subscription on an existing mandate, pauses, resumes, lists, updates and cancels it', async () => {
    const mandate = await bacsMandate();
    const created = await client.create('subscriptions', {
      amount: '2500',
      currency: 'GBP',
      name: 'Monthly Magazine',
      interval_unit: 'monthly',
      day_of_month: 5,
      metadata: { order_no: 'ABCD1234' },
      links: { mandate },
    });
    expect(created.status).toBe(201);
    const sub = created.body.subscriptions;
    expect(sub).toMatchObject({ amount: 2500, status: 'active', links: { mandate } });

    const paused = await client.action('subscriptions', sub.id, 'pause', {
      pause_cycles: 2,
      metadata: { why: 'away' },
    });
    expect(paused.status).toBe(200);
    expect(paused.body.subscriptions.status).toBe('paused');
    expect(paused.body.subscriptions.upcoming_payments.length).toBeGreaterThan(0);

    const resumed = await client.action('subscriptions', sub.id, 'resume', {});
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscriptions.status).toBe('active');

    const listed = await client.list('subscriptions', { mandate, status: ['active', 'paused'] });
    expect(listed.status).toBe(200);
    expect(listed.body.subscriptions.map((s: { id: string }) => s.id)).toEqual([sub.id]);

    const updated = await client.update('subscriptions', sub.id, { amount: 3000 });
    expect(updated.body.subscriptions.amount).toBe(3000);
    expect((await client.find('subscriptions', sub.id)).body.subscriptions.amount).toBe(3000);

    const cancelled = await client.action('subscriptions', sub.id, 'cancel', {});
    expect(cancelled.body.subscriptions.status).toBe('cancelled');
    const refused = await client.action('subscriptions', sub.id, 'resume', {});
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ type: 'invalid_state' });
    expect(refused.body.error.errors[0].reason).toBe('subscription_not_paused');

    const events = await client.list('events', { subscription: sub.id });
    expect(events.status, JSON.stringify(events.body)).toBe(200);
    const own = events.body.events.filter((e: { resource_type: string }) => e.resource_type === 'subscriptions');
    expect(own.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['created', 'paused', 'resumed', 'amended', 'cancelled']),
    );
  });
});
