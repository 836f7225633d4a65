import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../server/domain/shared/actor';
import type { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The dashboard's payments, mandates and customers lists: the API's list queries (cursor pages of
 * 25, newest first), its filters, search by id, reference, email and name, details with their
 * events, another organisation's records not found, and the payments list as a streamed CSV.
 */
let server: TestServer;
let m: Merchant;
let viewer: PageClient;
let mandateId: string;
let customerId: string;
let confirmed: string;
const payments: string[] = [];

const ids = (html: string, prefix: string) => [
  ...new Set([...html.matchAll(new RegExp(`href="/dashboard/\\w+/(${prefix}[A-Z0-9]+)"`, 'g'))].map((x) => x[1])),
];
const rowIds = (html: string, prefix: string) =>
  [...html.matchAll(new RegExp(`data-testid="row"><td><a href="/dashboard/\\w+/(${prefix}[A-Z0-9]+)"`, 'g'))].map(
    (x) => x[1]!,
  );

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Records merchant', { payoutAccounts: true });
  const made = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  mandateId = made.mandateId;
  customerId = (await m.api.get(`/mandates/${mandateId}`)).body.mandates.links.customer;
  await m.api.put(`/customers/${customerId}`, { customers: { given_name: 'Ada', family_name: 'Lovelace' } });
  await m.api.post(`/scenario_simulators/mandate_activated/actions/run`, { data: { links: { resource: mandateId } } });
  for (let i = 0; i < 30; i++) {
    const body = {
      payments: { amount: 100 + i, currency: 'GBP', reference: `REF-${i}`, links: { mandate: mandateId } },
    };
    payments.unshift((await post(m.api, '/payments', body, 201)).payments.id);
  }
  confirmed = payments[3]!;
  const run = { data: { links: { resource: confirmed } } };
  expect((await m.api.post('/scenario_simulators/payment_confirmed/actions/run', run)).status).toBe(200);
  viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
});
afterAll(() => server?.close());

describe('dashboard lists', () => {
  it('pages the payments 25 at a time, newest first, with no row twice and none left out', async () => {
    const first = await viewer.get('/dashboard/payments');
    expect(first.status).toBe(200);
    expect(rowIds(first.html, 'PM')).toEqual(payments.slice(0, 25));
    const older = /href="(\/dashboard\/payments\?after=PM[A-Z0-9]+)"/.exec(first.html)![1]!;
    const second = await viewer.get(older);
    expect(rowIds(second.html, 'PM')).toEqual(payments.slice(25));
    const newer = /href="(\/dashboard\/payments\?before=PM[A-Z0-9]+)"/.exec(second.html)![1]!;
    expect(rowIds((await viewer.get(newer)).html, 'PM')).toEqual(payments.slice(0, 25));
  });

  it('filters by status, mandate, customer and creation day, and searches by reference and id', async () => {
    expect(rowIds((await viewer.get('/dashboard/payments?status=confirmed')).html, 'PM')).toEqual([confirmed]);
    expect(rowIds((await viewer.get('/dashboard/payments?q=REF-7')).html, 'PM')).toEqual([payments[22]]);
    expect(rowIds((await viewer.get(`/dashboard/payments?mandate=${mandateId}&status=confirmed`)).html, 'PM')).toEqual([
      confirmed,
    ]);
    expect(rowIds((await viewer.get(`/dashboard/payments?customer=${customerId}`)).html, 'PM')).toHaveLength(25);
    expect(rowIds((await viewer.get('/dashboard/payments?from=2999-01-01')).html, 'PM')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect(rowIds((await viewer.get(`/dashboard/payments?from=${today}&to=${today}`)).html, 'PM')).toHaveLength(25);
    const byId = await viewer.get(`/dashboard/payments?q=${confirmed}`);
    expect(byId.status).toBe(303);
    expect(byId.location).toBe(`/dashboard/payments/${confirmed}`);
    const bad = await viewer.get('/dashboard/payments?status=everything&from=yesterday');
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="filter-from-error"');
  });

  it('lists mandates and customers, searching customers by email and the start of a name', async () => {
    expect(rowIds((await viewer.get('/dashboard/mandates')).html, 'MD')).toEqual([mandateId]);
    expect(rowIds((await viewer.get('/dashboard/mandates?status=cancelled')).html, 'MD')).toEqual([]);
    expect(rowIds((await viewer.get(`/dashboard/mandates?customer=${customerId}`)).html, 'MD')).toEqual([mandateId]);
    const email = (await m.api.get(`/customers/${customerId}`)).body.customers.email as string;
    expect(
      rowIds((await viewer.get(`/dashboard/customers?q=${encodeURIComponent(email.toUpperCase())}`)).html, 'CU'),
    ).toEqual([customerId]);
    expect(rowIds((await viewer.get('/dashboard/customers?q=lovel')).html, 'CU')).toEqual([customerId]);
    expect(rowIds((await viewer.get('/dashboard/customers?q=nobody')).html, 'CU')).toEqual([]);
    expect(rowIds((await viewer.get('/dashboard/customers?q=100%25')).html, 'CU')).toEqual([]);
  });

  it('shows each record with its events, as the API lists them', async () => {
    const payment = await viewer.get(`/dashboard/payments/${confirmed}`);
    expect(payment.status).toBe(200);
    expect(payment.html).toContain('confirmed');
    expect(payment.html.match(/data-testid="event"/g)!.length).toBeGreaterThanOrEqual(2);
    const mandate = await viewer.get(`/dashboard/mandates/${mandateId}`);
    expect(mandate.html).toContain('active');
    expect(ids(mandate.html, 'CU')).toContain(customerId);
    expect((await viewer.get(`/dashboard/customers/${customerId}`)).html).toContain('Lovelace');
    expect((await viewer.get('/dashboard/payments/PM0000NOSUCH')).status).toBe(404);
  });

  it('links a payment’s page to its customer and the payout it went out in (issue 39)', async () => {
    // An organisation of its own: a payout takes every confirmed payment of its creditor.
    const own = await server.merchant('Payout merchant', { payoutAccounts: true });
    const { mandateId: mandate } = await createMandateViaBillingRequest(own, { currency: 'GBP' });
    const customer = (await own.api.get(`/mandates/${mandate}`)).body.mandates.links.customer as string;
    await own.api.post(`/scenario_simulators/mandate_activated/actions/run`, {
      data: { links: { resource: mandate } },
    });
    const body = { payments: { amount: 700, currency: 'GBP', links: { mandate } } };
    const paid = (await post(own.api, '/payments', body, 201)).payments.id as string;
    const run = { data: { links: { resource: paid } } };
    expect((await own.api.post('/scenario_simulators/payment_paid_out/actions/run', run)).status).toBe(200);
    const payout = (await own.api.get(`/payments/${paid}`)).body.payments.links.payout as string;
    expect(payout).toMatch(/^PO/);
    const ownViewer = await signedInAs(server, (await dashboardUser(server, own.organisationId, 'viewer')).email);
    const page = (await ownViewer.get(`/dashboard/payments/${paid}`)).html;
    expect(page).toContain(`href="/dashboard/customers/${customer}"`);
    expect(page).toContain(`href="/dashboard/payouts/${payout}"`);
    expect((await ownViewer.get(`/dashboard/payouts/${payout}`)).status).toBe(200);
  });

  it('finds nothing of another organisation’s (404), in details and in lists', async () => {
    const other = await server.merchant('Someone else');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    for (const path of [
      `/dashboard/payments/${confirmed}`,
      `/dashboard/payments/${confirmed}/refund`,
      `/dashboard/mandates/${mandateId}`,
      `/dashboard/mandates/${mandateId}/cancel`,
      `/dashboard/customers/${customerId}`,
    ])
      expect((await stranger.get(path)).status, path).toBe(404);
    expect(rowIds((await stranger.get('/dashboard/payments')).html, 'PM')).toEqual([]);
    expect(rowIds((await stranger.get(`/dashboard/payments?mandate=${mandateId}`)).html, 'PM')).toEqual([]);
    expect((await stranger.get('/dashboard/payments/export.csv')).html).toBe(
      'id,created_at,status,amount,amount_refunded,currency,charge_date,reference,mandate\r\n',
    );
  });
});

describe('payments CSV', () => {
  it('is the filtered list, header first, one line a payment', async () => {
    const all = await viewer.get('/dashboard/payments/export.csv');
    expect(all.status).toBe(200);
    expect(all.headers['content-type']).toContain('text/csv');
    expect(all.headers['content-disposition']).toContain('attachment');
    const lines = all.html.trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,created_at,status,amount,amount_refunded,currency,charge_date,reference,mandate');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(payments);
    const only = (await viewer.get('/dashboard/payments/export.csv?status=confirmed')).html.trimEnd().split('\r\n');
    expect(only).toHaveLength(2);
    expect(only[1]).toMatch(
      new RegExp(`^${confirmed},[^,]+,confirmed,126,0,GBP,\\d{4}-\\d\\d-\\d\\d,REF-26,${mandateId}$`),
    );
    expect((await viewer.get('/dashboard/payments/export.csv?from=never')).status).toBe(400);
  });

  it('reads the list a page of the cursor query at a time, as the client takes it', async () => {
    const actor: Actor = { organisationId: m.organisationId, origin: 'api', source: { type: 'app', name: 'test' } };
    const { services } = server;
    await services.db.transaction(async (tx) => {
      for (let i = 0; i < 520; i++)
        await services.payments.create(tx, actor, mandateId, { amount: 100, currency: 'GBP', reference: 'BULK' });
    });
    const list = vi.spyOn(services.payments, 'list');
    const csv = await viewer.get('/dashboard/payments/export.csv?q=BULK');
    expect(csv.html.trimEnd().split('\r\n')).toHaveLength(521);
    expect(list.mock.calls.map(([, , , page]) => page)).toEqual([
      { after: undefined, limit: 500 },
      { after: expect.stringMatching(/^PM/), limit: 500 },
    ]);
    list.mockRestore();
  });
});
