import { describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap';
import { startTestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest } from '../support/journeys';
import { collectedPayment } from '../support/money';

describe('start-up bootstrap', () => {
  it('on the first sandbox start makes an organisation, a creditor and a working read_write token', async () => {
    const server = await startTestServer();
    try {
      const { firstStartToken } = await server.ready;
      expect(firstStartToken).toMatch(/^sandbox_/);
      const client = server.anonymous.withToken(firstStartToken);
      expect((await client.get('/blocks')).status).toBe(200);
      const created = await client.post('/blocks', {
        blocks: { block_type: 'email', reason_type: 'other', reason_description: 'x', resource_reference: 'a@b.co' },
      });
      expect(created.status).toBe(201);
      // Its creditor is paid out in GBP and EUR by default (issue 13), to the sandbox's test accounts.
      const creditors = await client.get('/creditors');
      const links = creditors.body.creditors[0].links;
      const accounts = await client.get('/creditor_bank_accounts');
      const byId = new Map(accounts.body.creditor_bank_accounts.map((a: { id: string }) => [a.id, a]));
      expect(byId.get(links.default_gbp_payout_account)).toMatchObject({ currency: 'GBP', enabled: true });
      expect(byId.get(links.default_eur_payout_account)).toMatchObject({ currency: 'EUR', enabled: true });
      // A later start finds the organisation (to print its id) and makes no new token.
      const { organisationId } = await server.ready;
      expect(organisationId).toMatch(/^OR/);
      expect(await bootstrap(server.services, server.config)).toEqual({ organisationId });
    } finally {
      await server.close();
    }
  });

  it('ensures BOOTSTRAP_ACCESS_TOKEN exists with exactly that value, once', async () => {
    const value = 'ci_bootstrap_token_0123456789';
    const server = await startTestServer({ env: { BOOTSTRAP_ACCESS_TOKEN: value } });
    try {
      expect((await server.ready).firstStartToken).toBeUndefined();
      expect((await server.anonymous.withToken(value).get('/blocks')).status).toBe(200);
      await bootstrap(server.services, server.config);
      const { rows } = await server.services.db.query('SELECT id FROM access_tokens');
      expect(rows).toHaveLength(1);
      const creditors = await server.services.db.query('SELECT id FROM creditors');
      expect(creditors.rows).toHaveLength(1);
    } finally {
      await server.close();
    }
  });

  it("makes BOOTSTRAP_ACCESS_TOKEN's organisation a complete sandbox one: GBP and EUR payouts, so a payment is paid out", async () => {
    const value = 'ci_bootstrap_token_complete_0123456789';
    const server = await startTestServer({ env: { BOOTSTRAP_ACCESS_TOKEN: value }, schemeClockIntervalMs: 50 });
    try {
      const api = server.anonymous.withToken(value);
      const creditor = (await api.get('/creditors')).body.creditors[0];
      const accounts = await api.get('/creditor_bank_accounts');
      const byId = new Map(accounts.body.creditor_bank_accounts.map((a: { id: string }) => [a.id, a]));
      expect(byId.get(creditor.links.default_gbp_payout_account)).toMatchObject({ currency: 'GBP', enabled: true });
      expect(byId.get(creditor.links.default_eur_payout_account)).toMatchObject({ currency: 'EUR', enabled: true });
      // A confirmed payment goes on to a payout by itself, as the README's quick start promises.
      const m = { api, creditorId: creditor.id } as Merchant;
      // The scheme clock (every 50 ms here) activates the mandate and walks the payment by itself.
      const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
      await expect
        .poll(async () => (await api.get(`/mandates/${mandateId}`)).body.mandates.status, { timeout: 20_000 })
        .toBe('active');
      const payment = await collectedPayment(m, mandateId, 1000, null);
      await expect
        .poll(async () => (await api.get(`/payments/${payment}`)).body.payments, { timeout: 20_000 })
        .toMatchObject({ status: 'paid_out', links: { payout: expect.stringMatching(/^PO/) } });
      // A restart adds nothing.
      await bootstrap(server.services, server.config);
      expect((await api.get('/creditor_bank_accounts')).body.creditor_bank_accounts).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('registers BOOTSTRAP_WEBHOOK_URL for the sandbox organisation once, showing its secret only then', async () => {
    const url = 'http://127.0.0.1:8080/webhooks';
    const server = await startTestServer({ env: { BOOTSTRAP_WEBHOOK_URL: url } });
    try {
      const { organisationId, webhookEndpoint } = await server.ready;
      expect(webhookEndpoint).toMatchObject({ id: expect.stringMatching(/^WE/), url });
      expect(webhookEndpoint!.secret.length).toBeGreaterThanOrEqual(32);
      // A restart finds it: nothing new, and the secret is not shown again.
      expect(await bootstrap(server.services, server.config)).toEqual({ organisationId });
      const endpoints = await server.services.webhookEndpoints.list(server.services.db, {
        organisationId: organisationId!,
      });
      expect(endpoints.map((endpoint) => endpoint.url)).toEqual([url]);
    } finally {
      await server.close();
    }
  });

  it('makes no token in live', async () => {
    const server = await startTestServer({ env: { ENVIRONMENT: 'live' } });
    try {
      expect((await server.ready).firstStartToken).toBeUndefined();
      const { rows } = await server.services.db.query('SELECT id FROM access_tokens');
      expect(rows).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
});
