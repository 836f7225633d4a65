import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../support/database';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { PageClient } from '../support/browser';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';
import { recordStatements } from '../support/statement-log';

/**
 * Issue 19, "list pages at 1,000,000 rows": every dashboard list page, its filters and its searches
 * read the page through an index in the list's order (a cursor: no OFFSET, no count, no sort, no
 * sequential scan), as test/api/list-index-scans.test.ts holds the API's lists to. A search also
 * finds its rows by the index (the searched column in the Index Cond): a search walking the
 * organisation's whole list for a value that matches nothing would pass the first check and still
 * read every row. The plans are EXPLAINed with sequential scans, bitmap scans and sorts switched
 * off (the tables are small here, so the planner would otherwise prefer them).
 */
let recorded: ReturnType<typeof recordStatements>;
let server: TestServer;
let admin: PageClient;
/** A webhook endpoint of the merchant's and one of its deliveries, for the paths that name them. */
let hook = { endpoint: '', delivery: '' };
let templateId: string;

beforeAll(async () => {
  recorded = recordStatements(await createTestDatabase());
  server = await startPagesServer({ db: recorded.db, webhookDelivery: { intervalMs: 0 } });
  const m = await server.merchant('Index scans merchant');
  admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
  const { services } = server;
  const endpoint = (
    await services.db.transaction((tx) =>
      services.webhookEndpoints.create(tx, m.organisationId, 'https://merchant.example/hooks'),
    )
  ).endpoint.id;
  const delivery = await services.db.transaction((tx) =>
    services.webhooks.sendTest(tx, { organisationId: m.organisationId }, endpoint),
  );
  hook = { endpoint, delivery: delivery.id };
  const body = { billing_request_templates: { payment_request_amount: 100, payment_request_currency: 'GBP' } };
  templateId = (await m.api.post('/billing_request_templates', body)).body.billing_request_templates.id;
});
afterAll(() => server?.close());

/** A list page, and for a search the column its index must find the rows by. */
const LISTS: [path: string, searched?: string][] = [
  ['/dashboard/payments'],
  ['/dashboard/payments?after=PM0ZZZZZZZZZZZZ'],
  ['/dashboard/payments?before=PM0000000000001'],
  ['/dashboard/payments?mandate=MD000'],
  ['/dashboard/payments?customer=CU000'],
  ['/dashboard/payments?status=pending_submission'],
  ['/dashboard/payments?q=INVOICE-1', 'reference'],
  ['/dashboard/mandates'],
  ['/dashboard/mandates?after=MD0ZZZZZZZZZZZZ'],
  ['/dashboard/mandates?customer=CU000'],
  ['/dashboard/mandates?status=active'],
  ['/dashboard/mandates?q=SEED10', 'reference'],
  ['/dashboard/customers'],
  ['/dashboard/customers?after=CU0ZZZZZZZZZZZZ'],
  ['/dashboard/customers?q=jane@example.com', 'email'],
  ['/dashboard/subscriptions'],
  ['/dashboard/subscriptions?after=SB0ZZZZZZZZZZZZ'],
  ['/dashboard/subscriptions?mandate=MD000'],
  ['/dashboard/instalment-schedules'],
  ['/dashboard/instalment-schedules?mandate=MD000'],
  ['/dashboard/refunds'],
  ['/dashboard/refunds?after=RF0ZZZZZZZZZZZZ'],
  ['/dashboard/payouts'],
  ['/dashboard/payouts?after=PO0ZZZZZZZZZZZZ'],
  ['/dashboard/developers/events'],
  ['/dashboard/developers/events?after=EV0ZZZZZZZZZZZZ'],
  ['/dashboard/developers/events?resource_type=payments'],
  ['/dashboard/billing-requests'],
  ['/dashboard/billing-requests?after=BRQ0ZZZZZZZZZZZZ'],
  ['/dashboard/billing-requests?status=pending'],
  // An endpoint's deliveries (migration 0075) and a delivery's attempts (their primary key).
  ['/dashboard/developers/webhooks/:hook', 'endpoint_id'],
  ['/dashboard/developers/webhooks/:hook?after=WB0ZZZZZZZZZZZZ', 'endpoint_id'],
  ['/dashboard/developers/webhooks/:hook?status=failed', 'status'],
  ['/dashboard/developers/webhooks/:hook/deliveries/:delivery', 'webhook_id'],
  ['/dashboard/payment-links/templates'],
  ['/dashboard/payment-links/templates?after=BRT0ZZZZZZZZZZZZ'],
  // A template's page lists the billing requests its link made, found by the template.
  ['/dashboard/payment-links/templates/:template', 'billing_request_template_id'],
  ['/dashboard/payment-links/templates/:template?after=BRQ0ZZZZZZZZZZZZ', 'billing_request_template_id'],
  // The CSVs read the same cursor queries, 500 rows at a time.
  ['/dashboard/mandates/export.csv?q=SEED10', 'reference'],
  ['/dashboard/customers/export.csv?q=jane@example.com', 'email'],
  ['/dashboard/developers/events/export.csv?resource_type=payments'],
];

async function plan(text: string, params: readonly unknown[]): Promise<string> {
  return server.services.db.transaction(async (tx) => {
    for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort'])
      await tx.query(`SET LOCAL ${setting} = off`);
    const { rows } = await tx.query<Record<string, string>>(`EXPLAIN ${text}`, params);
    return rows.map((r) => Object.values(r)[0]).join('\n');
  });
}

describe('dashboard list plans', () => {
  it.each(LISTS)('GET %s reads a cursor on an index', async (path, searched) => {
    recorded.queries.length = 0;
    const page = await admin.get(
      path.replace(':hook', hook.endpoint).replace(':delivery', hook.delivery).replace(':template', templateId),
    );
    expect(page.status).toBe(200);
    expect(recorded.queries.map((q) => q.text).join('\n')).not.toMatch(/\bOFFSET\b|count\(/i);
    const lists = recorded.queries.filter(
      (q) => /^\s*SELECT/i.test(q.text) && /ORDER BY/i.test(q.text) && /LIMIT/i.test(q.text),
    );
    expect(lists.length).toBeGreaterThan(0);
    for (const q of lists) {
      const text = await plan(q.text, q.params);
      expect(text, q.text).not.toMatch(/Seq Scan/);
      expect(text, q.text).not.toMatch(/\bSort\b/);
    }
    if (searched) {
      const plans = await Promise.all(lists.map((q) => plan(q.text, q.params)));
      expect(plans.join('\n'), path).toMatch(new RegExp(`Index Cond: .*\\b${searched}\\b`));
    }
  });
});
