import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS } from '../support/journeys';

/**
 * The real official Node client (gocardless-nodejs, unchanged), pointed at the test server the way
 * the README shows (an agent whose host and port win over the public sandbox's), for the two
 * outside-core calls: create_with_actions and billing request templates.
 */
let server: TestServer;
let client: ReturnType<typeof gocardless>;

beforeAll(async () => {
  server = await startTestServer({ env: { VERSION_HEADER: 'GoCardless-Version' } });
  const merchant = await server.merchant();
  const base = new URL(server.url);
  // The test server's certificate is self-signed; the README's way trusts it with NODE_EXTRA_CA_CERTS.
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  client = gocardless(merchant.token, Environments.Sandbox, { proxy: { https: agent } } as never);
});
afterAll(() => server?.close());

describe('the official client', () => {
  it('creates a billing request with its actions in one call', async () => {
    const answer = await client.billingRequestWithActions.createWithActions({
      mandate_request: { scheme: 'bacs' },
      actions: {
        collect_customer_details: CUSTOMER_DETAILS.GBP,
        collect_bank_account: SANDBOX_ACCOUNTS.GBP,
        confirm_payer_details: {},
      },
    } as never);
    expect(answer.billing_requests?.status).toBe('ready_to_fulfil');
    const found = await client.billingRequests.find(answer.billing_requests!.id!);
    expect(found.status).toBe('ready_to_fulfil');
  });

  it('creates, lists, finds and updates a template', async () => {
    const created = await client.billingRequestTemplates.create({
      name: 'Deposit',
      payment_request_amount: '50.00',
      payment_request_currency: 'GBP',
    } as never);
    expect(created.id).toMatch(/^BRT/);
    const listed = await client.billingRequestTemplates.list({});
    expect(listed.billing_request_templates.map((t) => t.id)).toContain(created.id);
    expect((await client.billingRequestTemplates.find(created.id!)).name).toBe('Deposit');
    const updated = await client.billingRequestTemplates.update(created.id!, {
      name: 'Deposit (new)',
      payment_request_amount: '60.00',
      payment_request_currency: 'GBP',
    } as never);
    expect(updated.payment_request_amount).toBe('60.00');
  });
});
