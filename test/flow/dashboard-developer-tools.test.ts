import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Developers' tools: a token's last use (kept in memory by the request, written by the
 * maintenance job in one statement), the events explorer with the API's filters, and the sandbox's
 * scenario simulators run by an admin on a record they name (the bank's moves, as the API's run).
 */
let server: TestServer;
let m: Merchant;
let admin: PageClient;
let viewer: PageClient;
let adminEmail: string;
let mandateId: string;
let paymentId: string;

const rowIds = (html: string) =>
  [...html.matchAll(/data-testid="row"><td><a href="\/dashboard\/developers\/events\/(EV[A-Z0-9]+)"/g)].map(
    (x) => x[1]!,
  );

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Developer merchant');
  mandateId = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
  const run = { data: { links: { resource: mandateId } } };
  expect((await m.api.post('/scenario_simulators/mandate_activated/actions/run', run)).status).toBe(200);
  const body = { payments: { amount: 1200, currency: 'GBP', links: { mandate: mandateId } } };
  paymentId = (await post(m.api, '/payments', body, 201)).payments.id;
  adminEmail = (await dashboardUser(server, m.organisationId, 'admin')).email;
  admin = await signedInAs(server, adminEmail);
  viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
});
afterAll(() => server?.close());

describe('access tokens’ last use', () => {
  it('is seen at once, written only by the batched flush, in one statement for every token', async () => {
    const { services } = server;
    const { value, token } = await services.db.transaction((tx) =>
      services.access.createToken(tx, m.organisationId, 'read_only', 'Reporting'),
    );
    await services.access.flushTokenUses(services.db);
    const cell = async () => {
      const html = (await viewer.get('/dashboard/developers')).html;
      const row = html.slice(html.indexOf('<td>Reporting</td>'));
      return /data-testid="last-used">([^<]*)</.exec(row)![1];
    };
    expect(await cell()).toBe('Never');
    const api = m.api.withToken(value);
    for (let i = 0; i < 3; i++) expect((await api.get('/creditors')).status).toBe(200);
    const stored = async () =>
      (await services.access.listTokens(services.db, m.organisationId)).find((t) => t.id === token.id)!.last_used_at;
    // The requests wrote nothing; this process shows the use it holds.
    expect(await stored()).toBeNull();
    expect(await cell()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d$/);
    await services.access.flushTokenUses(services.db);
    const written = await stored();
    expect(written).not.toBeNull();
    expect(await cell()).toBe(new Date(written!).toISOString().slice(0, 16).replace('T', ' '));
    // Nothing new: the next flush writes nothing and the use stays.
    await services.access.flushTokenUses(services.db);
    expect(await stored()).toEqual(written);
  });
});

describe('events explorer', () => {
  it('lists the organisation’s events with the API’s filters', async () => {
    const all = await viewer.get('/dashboard/developers/events');
    expect(all.status).toBe(200);
    expect(rowIds(all.html).length).toBeGreaterThan(2);
    const ofPayment = (await m.api.get(`/events?payment=${paymentId}`)).body.events.map((e: { id: string }) => e.id);
    expect(rowIds((await viewer.get(`/dashboard/developers/events?resource=${paymentId}`)).html)).toEqual(ofPayment);
    const mandates = (await m.api.get('/events?resource_type=mandates&action=active')).body.events;
    expect(
      rowIds((await viewer.get('/dashboard/developers/events?resource_type=mandates&action=active')).html),
    ).toEqual(mandates.map((e: { id: string }) => e.id));
    expect(rowIds((await viewer.get('/dashboard/developers/events?from=2999-01-01')).html)).toEqual([]);
    for (const bad of [
      `?resource=${paymentId}&resource_type=payments`,
      '?resource_type=everything',
      '?resource=ZZ123',
      '?action=DROP%20TABLE',
      '?from=yesterday',
    ]) {
      const answer = await viewer.get(`/dashboard/developers/events${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.html).not.toContain('data-testid="row"');
    }
  });

  it('shows each event’s own record: a billing request’s, a mandate’s, a payment’s, not its first link (issue 39)', async () => {
    const events = (await m.api.get('/events?limit=50')).body.events as {
      id: string;
      resource_type: string;
      links: Record<string, string>;
    }[];
    const page = (await viewer.get('/dashboard/developers/events?limit=50')).html;
    const recordOf = (id: string) =>
      new RegExp(`/dashboard/developers/events/${id}"[^]*?</tr>`)
        .exec(page)?.[0]
        .match(/<td>([A-Z]+[0-9A-Z]+)<\/td>\s*<td>[^<]*<\/td>\s*<\/tr>$/)?.[1];
    const shown = new Set<string>();
    for (const e of events) {
      if (!page.includes(`/dashboard/developers/events/${e.id}"`)) continue;
      const own = e.links[e.resource_type.replace(/s$/, '')];
      expect(own, e.resource_type).toBeDefined();
      expect(recordOf(e.id), `${e.resource_type} ${e.id}`).toBe(own);
      shown.add(e.resource_type);
    }
    // Billing request events link their customer first: the case the first link got wrong.
    expect(shown).toContain('billing_requests');
    expect(shown).toContain('mandates');
    expect(shown).toContain('payments');
  });

  it('shows one event with its details; another organisation’s is not found', async () => {
    const [first] = (await m.api.get(`/events?payment=${paymentId}`)).body.events;
    const page = await viewer.get(`/dashboard/developers/events/${first.id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(paymentId);
    expect(page.html).toContain('data-testid="details"');
    const other = await server.merchant('Someone else');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    expect((await stranger.get(`/dashboard/developers/events/${first.id}`)).status).toBe(404);
    expect(rowIds((await stranger.get(`/dashboard/developers/events?resource=${paymentId}`)).html)).toEqual([]);
  });
});

describe('scenario simulators', () => {
  it('runs a scenario on a record an admin names, its events as the API’s run writes them', async () => {
    const link = `href="/dashboard/developers/simulators?resource=${paymentId}"`;
    expect((await admin.get(`/dashboard/payments/${paymentId}`)).html).toContain(link);
    expect((await viewer.get(`/dashboard/payments/${paymentId}`)).html).not.toContain(link);
    const csrf = await csrfAt(admin, '/dashboard/developers/simulators');
    const ran = await admin.post('/dashboard/developers/simulators', {
      csrf,
      scenario: 'payment_confirmed',
      resource: paymentId,
    });
    expect(ran.status).toBe(303);
    expect(ran.location).toBe(`/dashboard/developers/simulators?done=payment_confirmed&resource=${paymentId}`);
    expect((await admin.get(ran.location!)).html).toContain(`payment_confirmed ran on ${paymentId}`);
    expect((await m.api.get(`/payments/${paymentId}`)).body.payments.status).toBe('confirmed');
    const events = (await m.api.get(`/events?payment=${paymentId}&action=confirmed`)).body.events;
    expect(events[0].details.origin).toBe('bank');
    // The bank's move, as the API's simulator writes it: not the admin's own action.
    expect(events[0].source).toEqual({ type: 'gc_team', name: null }); // every attribute, null when empty (decision 0076)
    const submitted = (await m.api.get(`/events?payment=${paymentId}&action=submitted`)).body.events;
    expect(submitted).toHaveLength(1);
  });

  it('answers bad input and refusals next to the field, and changes nothing', async () => {
    const csrf = await csrfAt(admin, '/dashboard/developers/simulators');
    const form = (scenario: string, resource: string) =>
      admin.post('/dashboard/developers/simulators', { csrf, scenario, resource });
    const missing = await form('', '');
    expect(missing.status).toBe(400);
    expect(missing.html).toContain('id="scenario-error"');
    expect(missing.html).toContain('id="resource-error"');
    expect((await form('no_such_scenario', paymentId)).status).toBe(400);
    expect((await form('payment_confirmed', 'PM\u0000')).status).toBe(400);
    expect((await form('payment_confirmed', 'x'.repeat(5000))).status).toBe(400);
    const again = await form('payment_confirmed', paymentId);
    expect(again.status).toBe(422);
    expect(again.html).toContain('id="scenario-error"');
    const other = await server.merchant('Another');
    const theirs = (await createMandateViaBillingRequest(other, { currency: 'GBP' })).mandateId;
    const notOurs = await form('mandate_activated', theirs);
    expect(notOurs.status).toBe(404);
    expect(notOurs.html).toContain('id="resource-error"');
    expect((await other.api.get(`/mandates/${theirs}`)).body.mandates.status).not.toBe('active');
  });

  it('refuses a viewer’s run with the 403 page', async () => {
    const csrf = await csrfAt(viewer, '/dashboard/developers/simulators');
    const page = await viewer.get('/dashboard/developers/simulators');
    expect(page.html).not.toContain('name="scenario"');
    const body = { csrf, scenario: 'mandate_failed', resource: mandateId };
    expect((await viewer.post('/dashboard/developers/simulators', body)).status).toBe(403);
    expect((await m.api.get(`/mandates/${mandateId}`)).body.mandates.status).toBe('active');
  });
});

describe('scenario simulators in live', () => {
  it('offers no form, and the service refuses a run (422)', async () => {
    const live = await startPagesServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
    try {
      const merchant = await live.merchant('Live merchant');
      const browser = await signedInAs(live, (await dashboardUser(live, merchant.organisationId, 'admin')).email);
      const page = await browser.get('/dashboard/developers/simulators');
      expect(page.status).toBe(200);
      expect(page.html).toContain('Scenario simulators run only in the sandbox.');
      expect(page.html).not.toContain('name="scenario"');
      const csrf = browser.csrfOf(page.html);
      const body = { csrf, scenario: 'payment_confirmed', resource: 'PM01ABCDEFGHJKMNPQRSTVWXYZ0' };
      const refused = await browser.post('/dashboard/developers/simulators', body);
      expect(refused.status).toBe(422);
      expect(refused.html).toContain('feature_disabled');
    } finally {
      await live.close();
    }
  });
});
