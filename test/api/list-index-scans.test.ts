import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements } from '../support/statement-log';
import { CUSTOMER_DETAILS, SANDBOX_ACCOUNTS, post } from '../support/journeys';

/**
 * Issue 15, "lists stay flat": every list and each of its filters is read through an index that
 * matches the filter and the order — no sequential scan, no sort. With sequential scans, bitmap
 * scans and sorts switched off for the EXPLAIN (the tables are small here, so the planner would
 * otherwise prefer them), a plan that still has one means no index can serve the query.
 */
let recorded: ReturnType<typeof recordStatements>;
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  recorded = recordStatements(await createTestDatabase());
  server = await startTestServer({ db: recorded.db, schemeClockIntervalMs: 0, webhookDelivery: { intervalMs: 0 } });
  m = await server.merchant();
});
afterAll(() => server?.close());

const LISTS = [
  '/blocks?limit=20',
  '/payments',
  '/payments?mandate=MD000',
  '/payments?customer=CU000',
  '/payments?status=pending_submission',
  '/mandates',
  '/mandates?customer=CU000',
  '/mandates?customer_bank_account=BA000',
  '/events',
  '/events?resource_type=payments',
  '/events?resource_type=payments&created_at[gte]=2026-01-01T00:00:00Z',
  '/events?action=created',
  '/billing_requests',
  '/billing_requests?status=pending',
  '/customers',
  '/customer_bank_accounts',
  '/customer_bank_accounts?customer=CU000',
  '/subscriptions',
  '/subscriptions?mandate=MD000',
  '/refunds',
  '/payouts',
  '/payouts?status=paid',
  '/creditors',
  '/creditor_bank_accounts',
  '/instalment_schedules',
  '/instalment_schedules?mandate=MD000',
  '/billing_request_templates',
  '/outbound_payment_imports',
  '/outbound_payments',
  '/outbound_payments?status=scheduled',
  '/webhooks',
];

async function plan(text: string, params: readonly unknown[]): Promise<string> {
  return server.services.db.transaction(async (tx) => {
    // Discouraged, not forbidden: a sequential scan or a sort left in the plan has no alternative.
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
      await tx.query(`SET LOCAL ${setting} = off`);
    const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${text}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('list plans', () => {
  it.each(LISTS)('GET %s reads an index in order', async (path) => {
    recorded.queries.length = 0;
    const res = await m.api.get(path);
    expect(res.status).toBe(200);
    const lists = recorded.queries.filter(
      (q) => /^\s*SELECT/i.test(q.text) && /ORDER BY/i.test(q.text) && /LIMIT/i.test(q.text),
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const q of lists) {
      const text = await plan(q.text, q.params);
      expect(text, q.text).not.toMatch(/Seq Scan/);
      expect(text, q.text).not.toMatch(/\bSort\b/);
    }
  });
});

describe('block lookups', () => {
  it('the blocks a new mandate is checked against are found on blocks_active_match, subdomains included', async () => {
    const merchant = await server.merchant();
    // An organisation with many blocks: the lookup must go to the ones that can match, not read them all.
    await server.services.db.query(
      `INSERT INTO blocks (id, organisation_id, block_type, reason_type, resource_reference, match_value, status, created_at, updated_at)
       SELECT 'BLC' || lpad(i::text, 26, '0'), $1, 'email', 'identity_fraud', 'p' || i || '@example.com', 'p' || i || '@example.com', 'active', now(), now()
       FROM generate_series(1, 2000) AS i`,
      [merchant.organisationId],
    );
    await server.services.db.query('ANALYZE blocks');
    const customer = (
      await post(
        merchant.api,
        '/customers',
        { customers: { ...CUSTOMER_DETAILS.GBP.customer, email: 'a@mail.plan.example' } },
        201,
      )
    ).customers;
    const account = (
      await post(
        merchant.api,
        '/customer_bank_accounts',
        { customer_bank_accounts: { ...SANDBOX_ACCOUNTS.GBP, links: { customer: customer.id } } },
        201,
      )
    ).customer_bank_accounts;
    recorded.queries.length = 0;
    const created = await merchant.api.post('/mandates', {
      mandates: { links: { customer_bank_account: account.id } },
    });
    expect(created.status).toBe(201);
    const lookup = recorded.queries.find((q) => /FROM blocks/.test(q.text) && /match_value/.test(q.text));
    expect(lookup?.params[2]).toEqual(['mail.plan.example', 'plan.example', 'example']);
    const { rows } = await server.services.db.query<Record<string, string>>(`EXPLAIN ${lookup!.text}`, lookup!.params);
    const text = rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toMatch(/blocks_active_match/);
    expect(text).not.toMatch(/Seq Scan|blocks_organisation_id/);
  });
});
