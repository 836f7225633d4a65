/**
 * `npm run bench -- --dashboard --rows 1000000` (or `npm run bench:dashboard -- --rows N`): the
 * dashboard's list pages, first page and a deep page (a cursor half-way down), at 1,000 rows and at
 * N, with the budget of the API's lists (scripts/bench/lists.ts): p99 at N ≤ 1.5× p99 at 1,000.
 *
 * The same store and seeding as the API's bench (one row of each kind made through the API, cloned
 * by SQL for this organisation and another), plus a subscription, a refund and a payout; then a
 * dashboard admin (BOOTSTRAP_DASHBOARD_ADMIN) signs in through the sign-in form, as a person would,
 * and the whole server-rendered page is timed with that session: sign-in check, list query, HTML.
 */
import type { Database } from '../../server/db/db';
import { request, type BankflowProcess } from './common';
import { compareSizes, printComparison } from './lists';
import { makeMoneyTemplates } from './money-templates';
import { makeDeveloperTemplates, startReceiver, withDelivery } from './developer-templates';
import { deepCursor, makeTemplates, organisationOf, seedRows, type Lists, type Templates } from './seed-rows';

const ADMIN = { email: 'bench-admin@example.com', password: 'bench dashboard password 0001' };

/** Each dashboard list as its page's address, its table, and the rows its filter keeps (for the deep cursor). */
async function dashboardLists(db: Database, t: Templates): Promise<Lists> {
  const org = await organisationOf(db, t);
  const m1 = t.mandates[0];
  const lists: { name: string; path: string; table: string; where?: string }[] = [
    { name: 'payments', path: '/dashboard/payments', table: 'payments' },
    {
      name: 'payments, by mandate',
      path: `/dashboard/payments?mandate=${m1}`,
      table: 'payments',
      where: `AND mandate_id = '${m1}'`,
    },
    { name: 'mandates', path: '/dashboard/mandates', table: 'mandates' },
    { name: 'customers', path: '/dashboard/customers', table: 'customers', where: 'AND removed_at IS NULL' },
    { name: 'subscriptions', path: '/dashboard/subscriptions', table: 'subscriptions' },
    { name: 'refunds', path: '/dashboard/refunds', table: 'refunds' },
    { name: 'payouts', path: '/dashboard/payouts', table: 'payouts' },
    { name: 'events', path: '/dashboard/developers/events', table: 'events' },
    {
      name: 'events, by resource type',
      path: '/dashboard/developers/events?resource_type=payments',
      table: 'events',
      where: `AND resource_type = 'payments'`,
    },
    { name: 'billing requests', path: '/dashboard/billing-requests', table: 'billing_requests' },
    {
      name: 'billing requests, by status',
      path: '/dashboard/billing-requests?status=pending',
      table: 'billing_requests',
      where: `AND status = 'pending'`,
    },
  ];
  if (t.developer) {
    const { endpoint, linkTemplate } = t.developer;
    lists.push(
      {
        name: 'an endpoint’s deliveries',
        path: `/dashboard/developers/webhooks/${endpoint}`,
        table: 'webhooks',
        where: `AND endpoint_id = '${endpoint}'`,
      },
      {
        name: 'an endpoint’s deliveries, by status',
        path: `/dashboard/developers/webhooks/${endpoint}?status=failed`,
        table: 'webhooks',
        where: `AND endpoint_id = '${endpoint}' AND status = 'failed'`,
      },
      {
        name: 'a reusable link’s billing requests',
        path: `/dashboard/payment-links/templates/${linkTemplate}`,
        table: 'billing_requests',
        where: `AND billing_request_template_id = '${linkTemplate}'`,
      },
    );
  }
  const result: Lists = [];
  for (const list of lists)
    result.push({ name: list.name, path: list.path, deepCursor: await deepCursor(db, org, list.table, list.where) });
  return result;
}

/** The sign-in form as a browser without JavaScript sends it; the session's cookies. */
async function signIn(server: BankflowProcess): Promise<Record<string, string>> {
  const cookiesOf = (headers: Record<string, string | string[] | undefined>) =>
    [headers['set-cookie'] ?? []]
      .flat()
      .map((c) => c.split(';')[0]!)
      .join('; ');
  const form = await request('GET', `${server.url}/dashboard/sign-in`, { accept: 'text/html' });
  const csrf = /name="csrf" value="([^"]+)"/.exec(form.body)?.[1];
  if (!csrf) throw new Error(`the sign-in page has no CSRF token (${form.status})`);
  const body = new URLSearchParams({ csrf, email: ADMIN.email, password: ADMIN.password }).toString();
  const answer = await request(
    'POST',
    `${server.url}/dashboard/sign-in`,
    { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(form.headers) },
    body,
  );
  if (answer.status !== 303 || answer.headers.location !== '/dashboard')
    throw new Error(`signing in answered ${answer.status} to ${String(answer.headers.location)}`);
  return { accept: 'text/html', 'accept-language': 'en', cookie: cookiesOf(answer.headers) };
}

export async function runDashboardLists(rows: number): Promise<void> {
  if (!Number.isInteger(rows) || rows < 1000) throw new Error('--rows takes a whole number of at least 1000');
  // Every event is delivered to this receiver, so the endpoint's page has deliveries to list.
  const receiver = await startReceiver();
  const { small, large } = await compareSizes(
    rows,
    {
      env: {
        BOOTSTRAP_DASHBOARD_ADMIN: `${ADMIN.email}:${ADMIN.password}`,
        BOOTSTRAP_WEBHOOK_URL: receiver.url,
        WEBHOOK_ALLOW_LOOPBACK: 'true',
      },
      templates: async (url) => makeDeveloperTemplates(url, await makeMoneyTemplates(url, await makeTemplates(url))),
      seed: async (db, made, count) => {
        const templates = await withDelivery(db, made);
        await seedRows(db, templates, count);
        return dashboardLists(db, templates);
      },
    },
    signIn,
  ).finally(() => receiver.close());
  console.log('\nThe dashboard’s list pages (signed in, whole HTML page), 25 rows a page:');
  printComparison(rows, small, large);
}
