import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { recipient } from '../support/outbound';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * The authorization sweep over every dashboard route: signed out, every page and form sends you
 * to sign in; another organisation's user finds nothing of this one's (404); a viewer sees but
 * every write is refused with the 403 page and nothing changes; an admin's token, made here, works
 * against the API until it is disabled here.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let tokenId: string;
let hookId: string;
let record: Record<string, string>;

const CANCELLABLE = ['subscriptions', 'instalment-schedules', 'billing-requests'] as const;

/** Every dashboard route, as a method and an address (`:token` and `:hook` are one of `m`'s access tokens and webhook endpoints). */
const PAGES = [
  '/dashboard',
  '/dashboard/developers',
  '/dashboard/security',
  '/dashboard/settings',
  '/dashboard/developers/tokens/:token/disable',
  '/dashboard/developers/webhooks',
  '/dashboard/developers/webhooks/:hook',
  '/dashboard/developers/webhooks/:hook/rotate',
  '/dashboard/developers/webhooks/:hook/deliveries/:delivery',
  '/dashboard/developers/webhooks/:hook/deliveries/:delivery/retry',
  '/dashboard/developers/events',
  '/dashboard/developers/events/export.csv',
  '/dashboard/developers/events/:event',
  '/dashboard/developers/simulators',
  '/dashboard/payments',
  '/dashboard/payments/export.csv',
  '/dashboard/payments/:payment',
  '/dashboard/payments/:payment/refund',
  '/dashboard/mandates',
  '/dashboard/mandates/export.csv',
  '/dashboard/mandates/:mandate',
  '/dashboard/mandates/:mandate/cancel',
  '/dashboard/customers',
  '/dashboard/customers/export.csv',
  '/dashboard/customers/:customer',
  '/dashboard/payment-links',
  '/dashboard/payment-links/:link',
  '/dashboard/payment-links/:link/qr.svg',
  '/dashboard/payment-links/:link/status.json',
  '/dashboard/payment-links/templates',
  '/dashboard/payment-links/templates/new',
  '/dashboard/payment-links/templates/:template',
  '/dashboard/payment-links/templates/:template/edit',
  ...(['subscriptions', 'instalment-schedules', 'refunds', 'payouts', 'billing-requests'] as const).flatMap((kind) => [
    `/dashboard/${kind}`,
    `/dashboard/${kind}/export.csv`,
    `/dashboard/${kind}/:${kind}`,
  ]),
  ...CANCELLABLE.map((kind) => `/dashboard/${kind}/:${kind}/cancel`),
  '/dashboard/subscriptions/:subscriptions/pause',
  '/dashboard/subscriptions/:subscriptions/resume',
  '/dashboard/outbound-payment-imports/:import',
  '/dashboard/bank-reports',
  '/dashboard/bank-reports/:report',
  '/dashboard/developers/requests',
  '/dashboard/developers/requests/:request',
  '/dashboard/team',
  '/dashboard/team/:member/role',
];
const ADMIN_WRITES: { path: string; form: Record<string, string> }[] = [
  { path: '/dashboard/developers?index', form: { name: 'From a viewer', scope: 'read_only' } },
  { path: '/dashboard/developers/tokens/:token/disable', form: {} },
  { path: '/dashboard/developers/webhooks?index', form: { url: 'https://viewer.example/hooks' } },
  ...['rotate', 'disable', 'enable', 'test'].map((action) => ({
    path: `/dashboard/developers/webhooks/:hook/${action}`,
    form: {},
  })),
  { path: '/dashboard/developers/webhooks/:hook/deliveries/:delivery/retry', form: {} },
  // Decision 0094: sends the logged request again through the API.
  { path: '/dashboard/developers/requests/:request', form: {} },
  ...['cancel', 'retry', 'refund'].map((action) => ({
    path: `/dashboard/payments/:payment/${action}`,
    form: { amount: '1.00' },
  })),
  { path: '/dashboard/mandates/:mandate/cancel', form: {} },
  { path: '/dashboard/settings', form: { intent: 'details', name: 'From a viewer' } },
  { path: '/dashboard/settings', form: { intent: 'notices', notice: 'payment_created' } },
  { path: '/dashboard/developers/simulators', form: { scenario: 'mandate_failed', resource: 'MD0' } },
  ...CANCELLABLE.map((kind) => ({ path: `/dashboard/${kind}/:${kind}/cancel`, form: {} })),
  { path: '/dashboard/subscriptions/:subscriptions/pause', form: {} },
  { path: '/dashboard/subscriptions/:subscriptions/resume', form: {} },
  { path: '/dashboard/payment-links?index', form: { description: 'Viewer', amount: '1.00', currency: 'GBP' } },
  ...['/dashboard/payment-links/templates/new', '/dashboard/payment-links/templates/:template/edit'].map((path) => ({
    path,
    form: { description: 'Viewer', amount: '1.00', currency: 'GBP' },
  })),
  ...['authorise', 'cancel'].map((intent) => ({
    path: '/dashboard/outbound-payment-imports/:import',
    form: { intent },
  })),
  { path: '/dashboard/bank-reports?index', form: { format: 'bacs' } },
  { path: '/dashboard/team?index', form: { email: 'invited-by-a-viewer@example.com', role: 'admin' } },
  ...['resend', 'revoke', 'role', 'disable', 'enable'].map((action) => ({
    path: `/dashboard/team/:member/${action}`,
    form: { role: 'admin' },
  })),
];
const OWN_WRITES = ['/dashboard/security', '/dashboard/sign-out'];
/** Pages anyone may open before signing in (they need no session). */
const PUBLIC = [
  '/dashboard/sign-in',
  '/dashboard/sign-in/code',
  '/dashboard/reset',
  '/dashboard/welcome/:t',
  '/dashboard/reset/:t',
  '/dashboard/invitations/:t',
];

/** Pages that hand a signed-in user on elsewhere (any role): the sandbox mailbox's pass. */
const HAND_ONS = [{ path: '/dashboard/mailbox', to: '/sandbox/mailbox' }];

const TEMPLATE = { name: 'Sweep', payment_request_amount: 700, payment_request_currency: 'GBP' };

/** The tokens as a dashboard user could change them: their last use is the maintenance job's, written a minute at a time. */
const tokensOf = async (merchant: Merchant) =>
  (await server.services.access.listTokens(server.services.db, merchant.organisationId)).map(
    ({ last_used_at: _lastUse, ...token }) => token,
  );
const hooksOf = (merchant: Merchant) =>
  server.services.webhookEndpoints.list(server.services.db, { organisationId: merchant.organisationId });
const deliveriesOf = async (merchant: Merchant) =>
  (await merchant.api.get('/webhooks?limit=500')).body.webhooks.map((w: { id: string }) => w.id) as string[];
const at = (path: string) =>
  Object.entries(record)
    .reduce((p, [key, id]) => p.replace(`:${key}`, id), path)
    .replace(':token', tokenId)
    .replace(':hook', hookId);

/** A subscription, an instalment schedule, a refund and a payout of `m`'s, under their list's name. */
async function moneyRecords(mandateId: string, billingRequest: string) {
  const run = (simulator: string, resource: string) =>
    m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });
  expect((await run('mandate_activated', mandateId)).status).toBe(200);
  const links = { mandate: mandateId };
  const sub = { amount: 1000, currency: 'GBP', interval_unit: 'monthly', links };
  const subscription = (await post(m.api, '/subscriptions', { subscriptions: sub }, 201)).subscriptions.id;
  const instalments = [{ amount: 500, charge_date: null }];
  const plan = { name: 'Plan', currency: 'GBP', total_amount: 500, instalments, links };
  const schedule = (await post(m.api, '/instalment_schedules', { instalment_schedules: plan }, 201))
    .instalment_schedules.id;
  const paid = await post(m.api, '/payments', { payments: { amount: 900, currency: 'GBP', links } }, 201);
  expect((await run('payment_confirmed', paid.payments.id)).status).toBe(200);
  await server.payoutRunner.runDue();
  const payout = (await m.api.get('/payouts')).body.payouts[0].id;
  const kept = await post(m.api, '/payments', { payments: { amount: 900, currency: 'GBP', links } }, 201);
  expect((await run('payment_confirmed', kept.payments.id)).status).toBe(200);
  const refund = (
    await post(m.api, '/refunds', { refunds: { amount: 100, links: { payment: kept.payments.id } } }, 201)
  ).refunds.id;
  return {
    subscriptions: subscription,
    'instalment-schedules': schedule,
    refunds: refund,
    payouts: payout,
    'billing-requests': billingRequest,
    event: (await m.api.get(`/events?payment=${kept.payments.id}`)).body.events[0].id,
  };
}

/** Someone `m`'s admins invited, who has not joined yet. */
const invitedMember = () =>
  server.services.db.transaction((tx) =>
    server.services.dashboardUsers.createUser(tx, m.organisationId, 'invited-member@example.com', 'viewer'),
  );
const memberState = async () =>
  (
    await server.services.db.query<{ email: string; role: string; status: string }>(
      'SELECT email, role, status FROM dashboard_users WHERE organisation_id = $1 ORDER BY id',
      [m.organisationId],
    )
  ).rows;

/** A valid outbound payment import of `m`'s, waiting at its authorisation_url. */
async function outboundImport() {
  const entry = { amount: 100, scheme: 'faster_payments', recipient_bank_account_id: await recipient(m) };
  const body = { outbound_payment_imports: { entry_items: [entry] } };
  return (await post(m.api, '/outbound_payment_imports', body, 201)).outbound_payment_imports.id as string;
}

/** One of `m`'s request logs: they are written in batches, about a second after each answer. */
async function requestLog(): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const logs = (await m.api.get('/request_logs?limit=1')).body.request_logs as { id: string }[];
    if (logs[0]) return logs[0].id;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no request log was written');
}

/** A bank report of `m`'s (one item that matches nothing). */
async function bankReport() {
  const file = `<BACSDocument><Data><ARUDD><Advice><OriginatingAccountRecords><OriginatingAccountRecord>
    <ReturnedDebitItem ref="SWEEP" returnCode="0128" valueOf="1.00" currency="GBP"/>
    </OriginatingAccountRecord></OriginatingAccountRecords></Advice></ARUDD></Data></BACSDocument>`;
  const upload = { format: 'bacs' as const, fileName: 'sweep.xml', bytes: Buffer.from(file) };
  const actor = { organisationId: m.organisationId, origin: 'api' as const, source: { type: 'gc_team' as const } };
  const { report } = await server.services.db.transaction((tx) =>
    server.services.bankReports.importReport(tx, actor, upload),
  );
  return report.id;
}

beforeAll(async () => {
  server = await startPagesServer({ webhookDelivery: { intervalMs: 0 } });
  m = await server.merchant('Sweep merchant', { payoutAccounts: true });
  other = await server.merchant('Someone else');
  tokenId = (await server.services.access.listTokens(server.services.db, m.organisationId))[0]!.id;
  const { services } = server;
  hookId = (
    await services.db.transaction((tx) =>
      services.webhookEndpoints.create(tx, m.organisationId, 'https://merchant.example/hooks'),
    )
  ).endpoint.id;
  const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
  const payment = await post(
    m.api,
    '/payments',
    { payments: { amount: 500, currency: 'GBP', links: { mandate: mandateId } } },
    201,
  );
  const customer = (await m.api.get(`/mandates/${mandateId}`)).body.mandates.links.customer as string;
  const request = await post(
    m.api,
    '/billing_requests',
    { billing_requests: { payment_request: { amount: 100, currency: 'GBP' } } },
    201,
  );
  const flow = await post(
    m.api,
    '/billing_request_flows',
    { billing_request_flows: { links: { billing_request: request.billing_requests.id } } },
    201,
  );
  // A delivery of the endpoint's (the worker is stopped here, so the deliveries stay as made).
  const delivery = await services.db.transaction((tx) =>
    services.webhooks.sendTest(tx, { organisationId: m.organisationId }, hookId),
  );
  record = {
    delivery: delivery.id,
    payment: payment.payments.id,
    mandate: mandateId,
    customer,
    link: flow.billing_request_flows.id,
    template: (await post(m.api, '/billing_request_templates', { billing_request_templates: TEMPLATE }, 201))
      .billing_request_templates.id,
    import: await outboundImport(),
    report: await bankReport(),
    request: await requestLog(),
    member: (await invitedMember()).id,
    ...(await moneyRecords(mandateId, request.billing_requests.id)),
  };
});
afterAll(() => server?.close());

describe('authorization sweep', () => {
  it('lists every dashboard route file (a new page must join the sweep)', () => {
    const files = fs.readdirSync('app/routes').filter((f) => f.startsWith('dashboard'));
    // The layout, the 404 catch-all, the sign-out action and the pages above.
    expect(files.length).toBe(PAGES.length + PUBLIC.length + HAND_ONS.length + 3);
  });

  it('sends a signed-out visitor to sign in from every page and form', async () => {
    const browser = new PageClient(server.url);
    for (const path of [...PAGES, ...HAND_ONS.map((h) => h.path)]) {
      const page = await browser.get(at(path));
      expect(page.status, path).toBe(303);
      expect(page.location, path).toBe(`/dashboard/sign-in?next=${encodeURIComponent(at(path))}`);
    }
    for (const path of [...ADMIN_WRITES.map((w) => w.path), ...OWN_WRITES]) {
      const answer = await browser.post(at(path), { csrf: 'anything' });
      expect(answer.status, path).toBe(303);
      expect(answer.location, path).toBe('/dashboard/sign-in');
    }
    for (const path of PUBLIC.slice(0, 1).concat('/dashboard/reset'))
      expect((await browser.get(path)).status).toBe(200);
  });

  it('shows another organisation’s user nothing of this one (404), and changes nothing', async () => {
    const { email } = await dashboardUser(server, other.organisationId, 'admin');
    const browser = await signedInAs(server, email);
    const csrf = await csrfAt(browser);
    for (const path of PAGES.filter((p) => p.includes(':')))
      expect((await browser.get(at(path))).status, path).toBe(404);
    for (const write of ADMIN_WRITES.filter((w) => w.path.includes(':')))
      expect((await browser.post(at(write.path), { csrf })).status, write.path).toBe(404);
    expect((await browser.get('/dashboard/developers')).html).not.toContain(tokenId);
    expect((await browser.get('/dashboard/developers/webhooks')).html).not.toContain(hookId);
    expect(await hooksOf(m)).toMatchObject([{ id: hookId, enabled: true }]);
    expect(await deliveriesOf(m)).toEqual([record.delivery]);
    expect(await memberState()).toContainEqual({
      email: 'invited-member@example.com',
      role: 'viewer',
      status: 'invited',
    });
    expect((await m.api.get('/creditors')).status).toBe(200);
  });

  it('lets a viewer see every page but refuses every write with the 403 page', async () => {
    const { email } = await dashboardUser(server, m.organisationId, 'viewer');
    const browser = await signedInAs(server, email);
    for (const path of PAGES) expect((await browser.get(at(path))).status, path).toBe(200);
    for (const { path, to } of HAND_ONS) {
      const answer = await browser.get(path);
      expect(answer.status, path).toBe(303);
      expect(answer.location, path).toBe(to);
    }
    const csrf = await csrfAt(browser);
    const before = await tokensOf(m);
    const hooksBefore = await hooksOf(m);
    const deliveriesBefore = await deliveriesOf(m);
    const usersBefore = await memberState();
    for (const write of ADMIN_WRITES) {
      const answer = await browser.post(at(write.path), { csrf, ...write.form });
      expect(answer.status, write.path).toBe(403);
      expect(answer.html).toContain('You cannot do this');
    }
    expect(await tokensOf(m)).toEqual(before);
    expect(await hooksOf(m)).toEqual(hooksBefore);
    expect(await deliveriesOf(m)).toEqual(deliveriesBefore);
    expect(await memberState()).toEqual(usersBefore);
    // The mandate's request and the link's: the viewer's form made none.
    expect((await m.api.get('/billing_requests')).body.billing_requests).toHaveLength(2);
    expect((await m.api.get(`/payments/${record.payment}`)).body.payments.status).toBe('pending_submission');
    expect((await m.api.get(`/mandates/${record.mandate}`)).body.mandates.status).not.toBe('cancelled');
    expect((await m.api.get(`/subscriptions/${record.subscriptions}`)).body.subscriptions.status).toBe('active');
    expect((await m.api.get(`/billing_requests/${record['billing-requests']}`)).body.billing_requests.status).toBe(
      'pending',
    );
    expect((await m.api.get(`/outbound_payment_imports/${record.import}`)).body.outbound_payment_imports.status).toBe(
      'valid',
    );
    expect((await browser.get('/dashboard/developers')).html).not.toContain('Create token');
    expect((await m.api.get('/billing_request_templates')).body.billing_request_templates).toMatchObject([
      // The API answers the amount as the reference does: a decimal string (decision 0077).
      { ...TEMPLATE, payment_request_amount: '7.00' },
    ]);
  });

  it('refuses an admin’s write without the session’s CSRF token (403)', async () => {
    const { email } = await dashboardUser(server, m.organisationId, 'admin');
    const browser = await signedInAs(server, email);
    for (const write of ADMIN_WRITES) {
      expect((await browser.post(at(write.path), { csrf: 'forged', ...write.form })).status, write.path).toBe(403);
    }
  });

  it('makes a token an admin sees once, that works against the API until disabled here', async () => {
    const { email } = await dashboardUser(server, m.organisationId, 'admin');
    const browser = await signedInAs(server, email);
    const csrf = await csrfAt(browser, '/dashboard/developers');
    const refused = await browser.post('/dashboard/developers?index', { csrf, name: '', scope: 'everything' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Enter a name for the token');
    // A refusal keeps what was given: the name typed, the scope chosen.
    const noScope = await browser.post('/dashboard/developers?index', { csrf, name: 'CI <nightly>' });
    expect(noScope.status).toBe(400);
    expect(noScope.html).toMatch(/id="name"[^>]*value="CI &lt;nightly&gt;"/);
    const noName = await browser.post('/dashboard/developers?index', { csrf, name: '', scope: 'read_only' });
    expect(noName.html).toMatch(/id="scope-read_only"[^>]*checked=""/);
    const made = await browser.post('/dashboard/developers?index', { csrf, name: 'CI', scope: 'read_only' });
    expect(made.status).toBe(200);
    const value = /data-testid="new-token">([^<]+)</.exec(made.html)![1]!;
    expect((await browser.get('/dashboard/developers')).html).not.toContain(value);
    const api = m.api.withToken(value);
    expect((await api.get('/creditors')).status).toBe(200);
    expect((await api.post('/customers', { customers: { email: 'x@example.com' } })).status).toBe(403);

    const id = (await server.services.access.listTokens(server.services.db, m.organisationId)).find(
      (t) => t.name === 'CI',
    )!.id;
    const confirm = await browser.get(`/dashboard/developers/tokens/${id}/disable`);
    expect(confirm.status).toBe(200);
    const done = await browser.post(`/dashboard/developers/tokens/${id}/disable`, { csrf });
    expect(done.status).toBe(303);
    const after = await api.get('/creditors');
    expect(after.status).toBe(401);
    expect(after.body.error.errors[0].reason).toBe('access_token_not_active');
  });

  it('answers an unknown dashboard address with the dashboard’s 404 page', async () => {
    const page = await new PageClient(server.url).get('/dashboard/no-such-page');
    expect(page.status).toBe(404);
    expect(page.html).toContain('Page not found');
  });
});
