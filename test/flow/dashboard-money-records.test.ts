import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../server/domain/shared/actor';
import type { PageClient } from '../support/browser';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Subscriptions, instalment schedules, refunds, payouts and billing requests in the dashboard: the
 * API's list queries (cursor pages), its filters, search by id, email and reference, each record
 * with its events (a payout with its items), another organisation's records not found, and each
 * list as filtered streamed as CSV a page of the cursor query at a time.
 */
let server: TestServer;
let m: Merchant;
let viewer: PageClient;
const r = {} as Record<
  | 'mandate'
  | 'customer'
  | 'email'
  | 'subscription'
  | 'schedule'
  | 'payment'
  | 'paidOut'
  | 'refund'
  | 'payout'
  | 'request',
  string
>;

const rowIds = (html: string, prefix: string) =>
  [...html.matchAll(new RegExp(`data-testid="row"><td><a href="/dashboard/[\\w-]+/(${prefix}[A-Z0-9]+)"`, 'g'))].map(
    (x) => x[1]!,
  );
const run = (simulator: string, resource: string) =>
  m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Money merchant', { payoutAccounts: true });
  r.mandate = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
  const mandate = (await m.api.get(`/mandates/${r.mandate}`)).body.mandates;
  r.customer = mandate.links.customer;
  r.email = (await m.api.get(`/customers/${r.customer}`)).body.customers.email;
  expect((await run('mandate_activated', r.mandate)).status).toBe(200);
  const subscription = {
    amount: 1500,
    currency: 'GBP',
    interval_unit: 'monthly',
    name: 'Gym',
    links: { mandate: r.mandate },
  };
  r.subscription = (await post(m.api, '/subscriptions', { subscriptions: subscription }, 201)).subscriptions.id;
  const schedule = {
    name: 'Sofa',
    currency: 'GBP',
    total_amount: 3000,
    instalments: [
      { amount: 1000, charge_date: null },
      { amount: 2000, charge_date: null },
    ],
    links: { mandate: r.mandate },
  };
  r.schedule = (
    await post(m.api, '/instalment_schedules', { instalment_schedules: schedule }, 201)
  ).instalment_schedules.id;
  const payment = { amount: 5000, currency: 'GBP', reference: 'MONEY-1', links: { mandate: r.mandate } };
  r.payment = (await post(m.api, '/payments', { payments: payment }, 201)).payments.id;
  expect((await run('payment_confirmed', r.payment)).status).toBe(200);
  await server.payoutRunner.runDue();
  r.payout = (await m.api.get('/payouts')).body.payouts[0].id;
  r.paidOut = r.payment;
  // The refund is of a payment confirmed after the payout, so the balance can cover it.
  r.payment = (await post(m.api, '/payments', { payments: { ...payment, reference: 'MONEY-2' } }, 201)).payments.id;
  expect((await run('payment_confirmed', r.payment)).status).toBe(200);
  r.refund = (
    await post(m.api, '/refunds', { refunds: { amount: 700, links: { payment: r.payment } } }, 201)
  ).refunds.id;
  const request = { payment_request: { amount: 250, currency: 'GBP', description: 'Tickets' } };
  r.request = (await post(m.api, '/billing_requests', { billing_requests: request }, 201)).billing_requests.id;
  viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
});
afterAll(() => server?.close());

describe('lists of subscriptions, schedules, refunds, payouts and billing requests', () => {
  it('lists each kind for the organisation, newest first, and opens a record searched by id', async () => {
    expect(rowIds((await viewer.get('/dashboard/subscriptions')).html, 'SB')).toEqual([r.subscription]);
    expect(rowIds((await viewer.get('/dashboard/instalment-schedules')).html, 'IS')).toEqual([r.schedule]);
    expect(rowIds((await viewer.get('/dashboard/refunds')).html, 'RF')).toEqual([r.refund]);
    expect(rowIds((await viewer.get('/dashboard/payouts')).html, 'PO')).toEqual([r.payout]);
    const requests = rowIds((await viewer.get('/dashboard/billing-requests')).html, 'BRQ');
    expect(requests).toHaveLength(2);
    expect(requests[0]).toBe(r.request);
    for (const [kind, id] of [
      ['subscriptions', r.subscription],
      ['instalment-schedules', r.schedule],
      ['refunds', r.refund],
      ['payouts', r.payout],
      ['billing-requests', r.request],
    ]) {
      const found = await viewer.get(`/dashboard/${kind}?q=${id}`);
      expect(found.status, kind).toBe(303);
      expect(found.location).toBe(`/dashboard/${kind}/${id}`);
    }
  });

  it('filters as the API does and searches by email, linked ids and reference', async () => {
    expect(rowIds((await viewer.get('/dashboard/subscriptions?status=active')).html, 'SB')).toEqual([r.subscription]);
    expect(rowIds((await viewer.get('/dashboard/subscriptions?status=cancelled')).html, 'SB')).toEqual([]);
    const email = encodeURIComponent(r.email.toUpperCase());
    expect(rowIds((await viewer.get(`/dashboard/subscriptions?q=${email}`)).html, 'SB')).toEqual([r.subscription]);
    expect(rowIds((await viewer.get('/dashboard/subscriptions?q=nobody%40example.com')).html, 'SB')).toEqual([]);
    expect(rowIds((await viewer.get(`/dashboard/instalment-schedules?q=${r.mandate}`)).html, 'IS')).toEqual([
      r.schedule,
    ]);
    expect(rowIds((await viewer.get(`/dashboard/instalment-schedules?customer=${r.customer}`)).html, 'IS')).toEqual([
      r.schedule,
    ]);
    expect(rowIds((await viewer.get(`/dashboard/refunds?q=${r.payment}`)).html, 'RF')).toEqual([r.refund]);
    expect(rowIds((await viewer.get(`/dashboard/refunds?payment=${r.payment}`)).html, 'RF')).toEqual([r.refund]);
    expect(rowIds((await viewer.get('/dashboard/refunds?refund_type=mandate')).html, 'RF')).toEqual([]);
    const payout = (await m.api.get(`/payouts/${r.payout}`)).body.payouts;
    expect(rowIds((await viewer.get(`/dashboard/payouts?q=${payout.reference}`)).html, 'PO')).toEqual([r.payout]);
    expect(rowIds((await viewer.get('/dashboard/payouts?currency=EUR')).html, 'PO')).toEqual([]);
    expect(rowIds((await viewer.get('/dashboard/payouts?status=pending&currency=GBP')).html, 'PO')).toEqual([r.payout]);
    expect(rowIds((await viewer.get('/dashboard/billing-requests?status=fulfilled')).html, 'BRQ')).not.toContain(
      r.request,
    );
    expect(rowIds((await viewer.get('/dashboard/billing-requests?status=pending')).html, 'BRQ')).toContain(r.request);
    for (const bad of [
      '/dashboard/subscriptions?status=everything',
      '/dashboard/refunds?refund_type=all',
      '/dashboard/payouts?currency=XXX',
      '/dashboard/billing-requests?from=yesterday',
      '/dashboard/instalment-schedules?mandate=%00',
    ]) {
      const answer = await viewer.get(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.html, bad).toContain('filter-');
      expect(answer.html).not.toContain('data-testid="row"');
    }
  });

  it('shows each record with its events, a schedule with its payments and a payout with its items', async () => {
    const subscription = await viewer.get(`/dashboard/subscriptions/${r.subscription}`);
    expect(subscription.status).toBe(200);
    expect(subscription.html).toContain('Gym');
    expect(subscription.html).toContain(`href="/dashboard/mandates/${r.mandate}"`);
    expect(subscription.html).toMatch(/data-testid="event"><strong>created/);
    const schedule = await viewer.get(`/dashboard/instalment-schedules/${r.schedule}`);
    expect(schedule.html.match(/href="\/dashboard\/payments\/PM[A-Z0-9]+"/g)).toHaveLength(2);
    expect(schedule.html).toContain('data-testid="event"');
    const refund = await viewer.get(`/dashboard/refunds/${r.refund}`);
    expect(refund.html).toContain(`href="/dashboard/payments/${r.payment}"`);
    expect(refund.html).toContain('£7.00');
    expect(refund.html).toMatch(/data-testid="event"><strong>created/);
    const payout = await viewer.get(`/dashboard/payouts/${r.payout}`);
    expect(payout.status).toBe(200);
    expect(payout.html).toContain(`href="/dashboard/payments/${r.paidOut}"`);
    expect(payout.html.match(/data-testid="item"/g)!.length).toBeGreaterThanOrEqual(1);
    const request = await viewer.get(`/dashboard/billing-requests/${r.request}`);
    expect(request.html).toContain('Tickets');
    expect(request.html).toMatch(/data-testid="event"><strong>created/);
    for (const kind of ['subscriptions', 'instalment-schedules', 'refunds', 'payouts', 'billing-requests'])
      expect((await viewer.get(`/dashboard/${kind}/XX0000NOSUCH`)).status, kind).toBe(404);
  });

  it('finds nothing of another organisation’s (404), in details, lists and CSV', async () => {
    const other = await server.merchant('Someone else');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    for (const path of [
      `/dashboard/subscriptions/${r.subscription}`,
      `/dashboard/instalment-schedules/${r.schedule}`,
      `/dashboard/refunds/${r.refund}`,
      `/dashboard/payouts/${r.payout}`,
      `/dashboard/billing-requests/${r.request}`,
    ])
      expect((await stranger.get(path)).status, path).toBe(404);
    const theirPayment = await stranger.get(`/dashboard/refunds?payment=${r.payment}`);
    expect(theirPayment.status).toBe(200);
    expect(rowIds(theirPayment.html, 'RF')).toEqual([]);
    expect(
      (await stranger.get(`/dashboard/refunds/export.csv?q=${r.payment}`)).html.trimEnd().split('\r\n'),
    ).toHaveLength(1);
    expect(
      rowIds((await stranger.get(`/dashboard/subscriptions?q=${encodeURIComponent(r.email)}`)).html, 'SB'),
    ).toEqual([]);
    expect((await stranger.get('/dashboard/payouts/export.csv')).html.trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('CSV of each list', () => {
  it('is the filtered list, header first, one line a record', async () => {
    const csv = async (path: string) => {
      const answer = await viewer.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers['content-type']).toContain('text/csv');
      expect(answer.headers['content-disposition']).toContain('attachment');
      return answer.html.trimEnd().split('\r\n');
    };
    const subscriptions = await csv('/dashboard/subscriptions/export.csv');
    expect(subscriptions[0]).toBe('id,created_at,status,name,amount,currency,interval,interval_unit,mandate');
    expect(subscriptions[1]).toMatch(
      new RegExp(`^${r.subscription},[^,]+,active,Gym,1500,GBP,1,monthly,${r.mandate}$`),
    );
    expect(await csv('/dashboard/subscriptions/export.csv?status=cancelled')).toHaveLength(1);
    const schedules = await csv('/dashboard/instalment-schedules/export.csv');
    expect(schedules[1]).toMatch(new RegExp(`^${r.schedule},[^,]+,\\w+,Sofa,3000,GBP,${r.mandate},${r.customer},PM`));
    const refunds = await csv(`/dashboard/refunds/export.csv?payment=${r.payment}`);
    expect(refunds[1]).toMatch(new RegExp(`^${r.refund},[^,]+,\\w+,700,GBP,,${r.payment},${r.mandate}$`));
    const payouts = await csv('/dashboard/payouts/export.csv?currency=GBP');
    expect(payouts.map((l) => l.split(',')[0])).toEqual(['id', r.payout]);
    const requests = await csv('/dashboard/billing-requests/export.csv');
    expect(requests[1]).toMatch(new RegExp(`^${r.request},[^,]+,pending,payment 2.50 GBP,`));
    expect((await viewer.get('/dashboard/refunds/export.csv?from=never')).status).toBe(400);
  });

  it('reads the list a page of the cursor query at a time, as the client takes it', async () => {
    const actor: Actor = { organisationId: m.organisationId, origin: 'api', source: { type: 'app', name: 'test' } };
    const { services } = server;
    await services.db.transaction(async (tx) => {
      for (let i = 0; i < 505; i++)
        await services.billingRequests.create(tx, actor, {
          payment_request: {
            amount: 100,
            currency: 'GBP',
            description: 'Bulk',
            metadata: {},
            funds_settlement: 'managed',
            retry_if_possible: false,
          },
        });
    });
    const list = vi.spyOn(services.billingRequests, 'list');
    const csv = await viewer.get('/dashboard/billing-requests/export.csv');
    expect(csv.html.trimEnd().split('\r\n')).toHaveLength(1 + 505 + 2);
    expect(list.mock.calls.map(([, , , page]) => page)).toEqual([
      { after: undefined, limit: 500 },
      { after: expect.stringMatching(/^BRQ/), limit: 500 },
    ]);
    list.mockRestore();
  });
});

describe('an admin cancels a subscription, an instalment schedule or a billing request', () => {
  it('asks first, cancels through the service with the user as the event’s source, then refuses a second time', async () => {
    const { email } = await dashboardUser(server, m.organisationId, 'admin');
    const admin = await signedInAs(server, email);
    const cases = [
      ['subscriptions', r.subscription, `/subscriptions/${r.subscription}`, 'subscriptions', 'subscription'],
      [
        'instalment-schedules',
        r.schedule,
        `/instalment_schedules/${r.schedule}`,
        'instalment_schedules',
        'instalment_schedule',
      ],
      ['billing-requests', r.request, `/billing_requests/${r.request}`, 'billing_requests', 'billing_request'],
    ] as const;
    for (const [kind, id, apiPath, key, link] of cases) {
      const detail = await admin.get(`/dashboard/${kind}/${id}`);
      expect(detail.html, kind).toContain(`href="/dashboard/${kind}/${id}/cancel"`);
      expect(detail.html).toContain(`href="/dashboard/developers/simulators?resource=${id}"`);
      const confirm = await admin.get(`/dashboard/${kind}/${id}/cancel`);
      expect(confirm.status).toBe(200);
      const done = await admin.post(`/dashboard/${kind}/${id}/cancel`, { csrf: admin.csrfOf(confirm.html) });
      expect(done.status, kind).toBe(303);
      expect(done.location).toBe(`/dashboard/${kind}/${id}?done=cancel`);
      expect((await m.api.get(apiPath)).body[key].status).toBe('cancelled');
      const events = (await m.api.get(`/events?${link}=${id}&action=cancelled`)).body.events;
      expect(events.map((e: { source: unknown }) => e.source)).toContainEqual({ type: 'user', name: email });
      const after = await admin.get(`/dashboard/${kind}/${id}?done=cancel`);
      expect(after.html).toContain('It was cancelled.');
      expect(after.html).not.toContain(`/${id}/cancel"`);
      const again = await admin.post(`/dashboard/${kind}/${id}/cancel`, { csrf: admin.csrfOf(confirm.html) });
      expect(again.status, kind).toBe(422);
      expect(again.html).toContain('data-testid="refusal"');
    }
    expect((await viewer.get(`/dashboard/subscriptions/${r.subscription}`)).html).not.toContain('/cancel"');
  });
});
