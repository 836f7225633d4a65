import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../server/domain/shared/actor';
import type { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { SANDBOX_ACCOUNTS, createMandateViaBillingRequest, post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The mandates, customers and events lists as CSV (issue #19): each is its list page's rows with
 * the page's filters and search, another organisation's rows never in it, no account number in
 * it, a cell a spreadsheet would run as a formula written as text, and read 500 rows a query
 * along the list's cursor as the client takes them.
 */
let server: TestServer;
let m: Merchant;
let viewer: PageClient;
let mandateId: string;
let guardedMandate: string;
let customerId: string;
let accountId: string;
let email: string;

const rowIds = (html: string, prefix: string) =>
  [...html.matchAll(new RegExp(`data-testid="row"><td><a href="[^"]*/(${prefix}[A-Z0-9]+)"`, 'g'))].map((x) => x[1]!);

async function csv(browser: PageClient, path: string) {
  const answer = await browser.get(path);
  expect(answer.status, path).toBe(200);
  expect(answer.headers['content-type']).toContain('text/csv');
  expect(answer.headers['content-disposition']).toContain('attachment');
  return answer.html.trimEnd().split('\r\n');
}
const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const idsOf = (lines: string[]) => lines.slice(1).map((l) => l.split(',')[0]);

/** The CSV's ids are the list page's, for the same query string (the lists here fit one page). */
async function sameAsList(list: string, prefix: string, query = '') {
  const lines = await csv(viewer, `${list}/export.csv${query}`);
  expect(idsOf(lines), query).toEqual(rowIds((await viewer.get(`${list}${query}`)).html, prefix));
  return lines;
}

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('CSV merchant');
  mandateId = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
  const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
  customerId = mandate.links.customer;
  accountId = mandate.links.customer_bank_account;
  email = (await m.api.get(`/customers/${customerId}`)).body.customers.email;
  const named = { given_name: '=HYPERLINK("https://evil.example")', family_name: 'Lovelace' };
  expect((await m.api.put(`/customers/${customerId}`, { customers: named })).status).toBe(200);
  // A second mandate made with a token whose name, and with a reference, a spreadsheet would run.
  const { services } = server;
  const token = await services.db.transaction((tx) =>
    services.access.createToken(tx, m.organisationId, 'read_write', '=SUM(A1)'),
  );
  const second = { reference: '-CSV-GUARD', links: { customer_bank_account: accountId } };
  guardedMandate = (await post(m.api.withToken(token.value), '/mandates', { mandates: second }, 201)).mandates.id;
  viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
});
afterAll(() => server?.close());

describe('mandates CSV', () => {
  it('is the list as filtered and searched, header first, a bank account named by id only', async () => {
    const all = await sameAsList('/dashboard/mandates', 'MD');
    expect(all[0]).toBe('id,created_at,status,scheme,reference,customer,customer_bank_account,creditor');
    expect(idsOf(all)).toEqual([guardedMandate, mandateId]);
    expect(all[1]).toMatch(
      new RegExp(`^${guardedMandate},[^,]+,\\w+,bacs,"'-CSV-GUARD",${customerId},${accountId},CR[0-9A-Z]+$`),
    );
    expect(all.join('\n')).not.toContain(SANDBOX_ACCOUNTS.GBP.account_number);
    expect(idsOf(await sameAsList('/dashboard/mandates', 'MD', '?q=-CSV-GUARD'))).toEqual([guardedMandate]);
    expect(idsOf(await sameAsList('/dashboard/mandates', 'MD', `?customer=${customerId}`))).toHaveLength(2);
    expect(await sameAsList('/dashboard/mandates', 'MD', '?status=cancelled')).toHaveLength(1);
    expect((await viewer.get('/dashboard/mandates/export.csv?status=everything')).status).toBe(400);
    expect((await viewer.get('/dashboard/mandates')).html).toContain('href="/dashboard/mandates/export.csv?"');
    expect((await viewer.get('/dashboard/mandates?status=active')).html).toContain(
      'href="/dashboard/mandates/export.csv?status=active"',
    );
  });
});

describe('customers CSV', () => {
  it('is the list as searched, a name a spreadsheet would run written as text', async () => {
    const all = await sameAsList('/dashboard/customers', 'CU');
    expect(all[0]).toBe('id,created_at,email,given_name,family_name,company_name,country_code,language');
    expect(all[1]).toMatch(
      new RegExp(
        `^${customerId},[^,]+,${literally(email)},${literally(`"'=HYPERLINK(""https://evil.example"")"`)},Lovelace,,GB,`,
      ),
    );
    expect(idsOf(await sameAsList('/dashboard/customers', 'CU', '?q=lovel'))).toEqual([customerId]);
    const byEmail = `?q=${encodeURIComponent(email.toUpperCase())}`;
    expect(idsOf(await sameAsList('/dashboard/customers', 'CU', byEmail))).toEqual([customerId]);
    expect(await sameAsList('/dashboard/customers', 'CU', '?from=2999-01-01')).toHaveLength(1);
    expect((await viewer.get('/dashboard/customers/export.csv?from=yesterday')).status).toBe(400);
    expect((await viewer.get('/dashboard/customers?q=lovel')).html).toContain(
      'href="/dashboard/customers/export.csv?q=lovel"',
    );
  });
});

describe('events CSV', () => {
  it('is the explorer’s list as filtered, its links and source, a token name written as text', async () => {
    const list = '/dashboard/developers/events';
    const all = await csv(viewer, `${list}/export.csv`);
    expect(all[0]).toBe('id,created_at,resource_type,action,links,origin,cause,description,source_type,source');
    expect(idsOf(all).slice(0, 25)).toEqual(rowIds((await viewer.get(list)).html, 'EV'));
    const ofMandate = await sameAsList(list, 'EV', `?resource=${guardedMandate}`);
    expect(ofMandate.length).toBeGreaterThan(1);
    for (const line of ofMandate.slice(1)) expect(line).toContain(`mandate=${guardedMandate}`);
    const created = ofMandate.find((l) => /,mandates,created,/.test(l))!;
    expect(created).toMatch(/,access_token,"'=SUM\(A1\)"$/);
    const cancelled = await sameAsList(list, 'EV', '?resource_type=mandates&action=cancelled');
    expect(cancelled).toHaveLength(1);
    const creations = await sameAsList(list, 'EV', '?resource_type=mandates&action=created');
    expect(creations.slice(1).every((l) => l.split(',')[2] === 'mandates')).toBe(true);
    expect(all.join('\n')).not.toContain(SANDBOX_ACCOUNTS.GBP.account_number);
    // The API's rule, as the page's: one record or a resource type, not both.
    const both = `${list}/export.csv?resource=${mandateId}&resource_type=mandates`;
    expect((await viewer.get(both)).status).toBe(400);
    expect((await viewer.get(`${list}?action=created`)).html).toContain(`href="${list}/export.csv?action=created"`);
  });
});

describe('another organisation', () => {
  it('finds none of these rows in its CSVs, even naming them in a filter', async () => {
    const other = await server.merchant('Someone else');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    for (const path of [
      '/dashboard/mandates/export.csv',
      `/dashboard/mandates/export.csv?customer=${customerId}`,
      '/dashboard/customers/export.csv',
      `/dashboard/customers/export.csv?q=${encodeURIComponent(email)}`,
      '/dashboard/developers/events/export.csv',
      `/dashboard/developers/events/export.csv?resource=${mandateId}`,
    ])
      expect(await csv(stranger, path), path).toHaveLength(1);
  });
});

describe('streamed', () => {
  it('reads each list a page of 500 of the cursor query at a time, as the client takes it', async () => {
    const actor: Actor = { organisationId: m.organisationId, origin: 'api', source: { type: 'app', name: 'test' } };
    const { services } = server;
    await services.db.transaction(async (tx) => {
      for (let i = 0; i < 505; i++) {
        await services.customers.create(tx, actor, { email: `bulk-${i}@example.com`, given_name: 'Bulk' });
        await services.mandates.createForAccount(tx, actor, { links: { customer_bank_account: accountId } });
      }
    });
    const cases = [
      ['mandates', '/dashboard/mandates/export.csv', /^MD/],
      ['customers', '/dashboard/customers/export.csv?q=Bulk', /^CU/],
      ['events', '/dashboard/developers/events/export.csv?resource_type=mandates', /^EV/],
    ] as const;
    for (const [service, path, prefix] of cases) {
      type Lister = { list: (...args: unknown[]) => Promise<{ items: { id: string }[] }> };
      const lister = services[service] as unknown as Lister;
      const list = vi.spyOn(lister, 'list');
      const lines = await csv(viewer, path);
      const pages = list.mock.calls.map(([, , , page]) => page);
      expect(pages, service).toEqual([
        { after: undefined, limit: 500 },
        { after: expect.stringMatching(prefix), limit: 500 },
      ]);
      // Every row of the list, each once, in the list's order.
      const [, , filters] = list.mock.calls[0]!;
      const whole = await lister.list(services.db, actor, filters, { limit: 5000 });
      expect(idsOf(lines), service).toEqual(whole.items.map((r) => r.id));
      expect(lines.length, service).toBeGreaterThan(501);
      list.mockRestore();
    }
  });
});
