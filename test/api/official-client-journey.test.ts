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

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' }, schemeClockIntervalMs: 0 });
  const merchant = await server.merchant();
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

  it('reports request ids where the client reads them (x-request-id)', async () => {
    const res = await client.find('mandates', 'MD00000000000000000000000000');
    expect(res.status).toBe(404);
    expect(res.headers['x-request-id']).toBe(res.body.error.request_id);
  });
});
