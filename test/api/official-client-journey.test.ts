import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { OfficialClientShape } from '../support/official-client';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS } from '../support/journeys';

/**
 * The merchant journey an existing client library makes, pointed at our base URL with
 * VERSION_HEADER set to its header name, and nothing else changed.
 */
let server: TestServer;
let client: OfficialClientShape;
let creditorId: string;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  // The journeys follow the payments' own money; the payout journey below has a merchant with fees.
  const merchant = await server.merchant(undefined, { withoutFees: true });
  creditorId = merchant.creditorId;
  client = new OfficialClientShape(server.url, merchant.token);
});
afterAll(() => server?.close());

describe('the official client journey', () => {
  it('creates a billing request and flow, completes every action, fulfils, then manages the mandate and reads its events', async () => {
    const created = await client.create('billing_requests', {
      mandate_request: { currency: 'GBP', scheme: 'bacs', metadata: { plan: 'gold' } },
      metadata: { order: 'A-1' },
    });
    expect(created.status).toBe(201);
    const br = created.body.billing_requests;

    const flow = await client.create('billing_request_flows', {
      redirect_uri: 'https://merchant.example/return',
      exit_uri: 'https://merchant.example/exit',
      links: { billing_request: br.id },
    });
    expect(flow.status).toBe(201);
    expect(flow.body.billing_request_flows.authorisation_url).toContain('/pay/BRF');
    expect(
      (await client.action('billing_request_flows', flow.body.billing_request_flows.id, 'initialise')).body
        .billing_request_flows.session_token,
    ).toBeTruthy();

    expect(
      (await client.action('billing_requests', br.id, 'collect_customer_details', CUSTOMER_DETAILS.GBP)).status,
    ).toBe(200);
    expect((await client.action('billing_requests', br.id, 'collect_bank_account', SANDBOX_ACCOUNTS.GBP)).status).toBe(
      200,
    );
    expect(
      (await client.action('billing_requests', br.id, 'confirm_payer_details', {})).body.billing_requests.status,
    ).toBe('ready_to_fulfil');
    const fulfilled = await client.action('billing_requests', br.id, 'fulfil', {});
    expect(fulfilled.status).toBe(200);
    const mandateId = fulfilled.body.billing_requests.links.mandate_request_mandate;

    const found = await client.find('mandates', mandateId);
    expect(found.body.mandates).toMatchObject({ id: mandateId, scheme: 'bacs', metadata: { plan: 'gold' } });

    const listed = await client.list('mandates', {
      customer: br.links.customer,
      status: ['pending_submission', 'active'],
      created_at: { gt: '2020-01-01T00:00:00.000Z' },
      limit: 10,
    });
    expect(listed.status).toBe(200);
    expect(listed.body.mandates.map((x: { id: string }) => x.id)).toEqual([mandateId]);
    expect(listed.body.meta).toEqual({ cursors: { before: null, after: null }, limit: 10 });

    expect(
      (await client.update('mandates', mandateId, { metadata: { plan: 'platinum' } })).body.mandates.metadata,
    ).toEqual({ plan: 'platinum' });
    expect(
      (await client.action('mandates', mandateId, 'cancel', { metadata: { why: 'moved' } })).body.mandates.status,
    ).toBe('cancelled');
    expect(
      (await client.action('mandates', mandateId, 'reinstate', { metadata: { why: 'back' } })).body.mandates.status,
    ).toBe('pending_submission');

    // Lists come compressed when large; the client asks for gzip, deflate or br.
    const events = await client.list('events', { resource_type: 'billing_requests', limit: 50 });
    expect(events.headers['content-encoding']).toBe('gzip');
    expect(events.body.events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining([
        'created',
        'flow_created',
        'collect_customer_details',
        'collect_bank_account',
        'payer_details_confirmed',
        'fulfilled',
      ]),
    );
    const mandateEvents = await client.list('events', { mandate: mandateId });
    expect(mandateEvents.body.events.map((e: { action: string }) => e.action).slice(0, 3)).toEqual([
      'resubmission_requested',
      'cancelled',
      'created',
    ]);
  });

  it('collects a payment, refunds part of it once paid out, and reads the balances and payment accounts', async () => {
    const br = (await client.create('billing_requests', { mandate_request: { currency: 'GBP', scheme: 'bacs' } })).body
      .billing_requests;
    await client.action('billing_requests', br.id, 'collect_customer_details', CUSTOMER_DETAILS.GBP);
    await client.action('billing_requests', br.id, 'collect_bank_account', SANDBOX_ACCOUNTS.GBP);
    await client.action('billing_requests', br.id, 'confirm_payer_details', {});
    const mandateId = (await client.action('billing_requests', br.id, 'fulfil', {})).body.billing_requests.links
      .mandate_request_mandate;
    const run = (simulator: string, resource: string) =>
      client.action('scenario_simulators', simulator, 'run', { links: { resource } });
    expect((await run('mandate_activated', mandateId)).status).toBe(200);

    const payment = (await client.create('payments', { amount: 2500, currency: 'GBP', links: { mandate: mandateId } }))
      .body.payments;
    expect((await run('payment_paid_out', payment.id)).status).toBe(200);
    const created = await client.create('refunds', {
      amount: 1000,
      total_amount_confirmation: 1000,
      reference: 'Partial refund',
      links: { payment: payment.id },
    });
    expect(created.status).toBe(201);
    const refund = created.body.refunds;
    expect(refund).toMatchObject({ amount: 1000, status: 'pending_submission', links: { payment: payment.id } });
    expect((await client.find('refunds', refund.id)).body.refunds.id).toBe(refund.id);
    expect(
      (await client.list('refunds', { payment: payment.id })).body.refunds.map((r: { id: string }) => r.id),
    ).toEqual([refund.id]);
    expect((await client.update('refunds', refund.id, { metadata: { ticket: 'T-9' } })).body.refunds.metadata).toEqual({
      ticket: 'T-9',
    });
    expect((await client.find('payments', payment.id)).body.payments.amount_refunded).toBe(1000);

    const balances = (await client.list('balances', { creditor: creditorId })).body.balances;
    expect(balances.find((b: { balance_type: string }) => b.balance_type === 'confirmed_funds')).toMatchObject({
      amount: 1500,
      currency: 'GBP',
    });
    const accounts = (await client.list('payment_accounts', {})).body.payment_accounts;
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ account_balance: 1500, currency: 'GBP' });
    expect((await client.find('payment_accounts', accounts[0].id)).status).toBe(200);
    expect(
      (await client.list('negative_balance_limits', { creditor: creditorId })).body.negative_balance_limits,
    ).toEqual([]);
  });

  it('answers a repeated create the way the client refetches: 409 invalid_state with links.conflicting_resource_id', async () => {
    const headers = { 'idempotency-key': 'same-key-twice' };
    const first = await client.create('billing_requests', { mandate_request: { currency: 'EUR' } }, headers);
    const second = await client.create('billing_requests', { mandate_request: { currency: 'EUR' } }, headers);
    expect(second.status).toBe(409);
    expect(second.body.error.type).toBe('invalid_state');
    const conflict = second.body.error.errors.find(
      (e: { reason: string }) => e.reason === 'idempotent_creation_conflict',
    );
    expect(conflict.links.conflicting_resource_id).toBe(first.body.billing_requests.id);
    expect((await client.find('billing_requests', conflict.links.conflicting_resource_id)).status).toBe(200);
  });

  it('adds a payout account, collects a payment and reads its payout and items (creditorBankAccounts, payouts, payoutItems)', async () => {
    // A merchant of its own, with the default fees, so the payout holds this payment alone.
    const client = new OfficialClientShape(server.url, (await server.merchant()).token);
    const creditors = await client.list('creditors', {});
    const creditorId = creditors.body.creditors[0].id;
    const account = await client.create('creditor_bank_accounts', {
      account_holder_name: 'Acme Ltd',
      branch_code: '200000',
      account_number: '55779911',
      country_code: 'GB',
      set_as_default_payout_account: true,
      links: { creditor: creditorId },
    });
    expect(account.status).toBe(201);
    expect(account.body.creditor_bank_accounts.account_number_ending).toBe('11');

    const br = (await client.create('billing_requests', { mandate_request: { currency: 'GBP' } })).body
      .billing_requests;
    await client.action('billing_requests', br.id, 'collect_customer_details', CUSTOMER_DETAILS.GBP);
    await client.action('billing_requests', br.id, 'collect_bank_account', SANDBOX_ACCOUNTS.GBP);
    await client.action('billing_requests', br.id, 'confirm_payer_details', {});
    const mandateId = (await client.action('billing_requests', br.id, 'fulfil', {})).body.billing_requests.links
      .mandate_request_mandate;
    await client.action('scenario_simulators', 'mandate_activated', 'run', { links: { resource: mandateId } });
    const payment = (await client.create('payments', { amount: 1500, currency: 'GBP', links: { mandate: mandateId } }))
      .body.payments;
    await client.action('scenario_simulators', 'payment_confirmed', 'run', { links: { resource: payment.id } });
    await server.payoutRunner.runDue();

    const payouts = await client.list('payouts', { creditor: creditorId, currency: 'GBP', status: 'pending' });
    expect(payouts.status).toBe(200);
    const [payout] = payouts.body.payouts;
    expect(payout.links.creditor_bank_account).toBe(account.body.creditor_bank_accounts.id);
    const items = await client.list('payout_items', { payout: payout.id });
    expect(items.body.payout_items.map((i: { type: string }) => i.type)).toEqual([
      'payment_paid_out',
      'gocardless_fee',
    ]);
    expect(items.body.payout_items.reduce((s: number, i: { amount: string }) => s + Number(i.amount), 0)).toBe(
      payout.amount,
    );
    expect((await client.find('payments', payment.id)).body.payments.links.payout).toBe(payout.id);
  });

  it('reports request ids where the client reads them (x-request-id)', async () => {
    const res = await client.find('mandates', 'MD00000000000000000000000000');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBe(res.body.error.request_id);
  });
});
