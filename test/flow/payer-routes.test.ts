import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOW_VISIT_WINDOW_MS } from '../../server/domain/flows/payer';
import { ManualClock } from '../../server/domain/shared/clock';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { translator } from '../../i18n/flow';

/**
 * The hosted pages over real HTTPS, as a browser without JavaScript uses them: validation errors
 * (400, re-rendered), CSRF refusal, sessions bound to one flow, and only the merchant's own URIs.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock(new Date());

beforeAll(async () => {
  server = await startPagesServer({
    clock,
  });
  m = await server.merchant();
});
afterAll(() => server?.close());

async function newFlow(billingRequest: Record<string, unknown>, flow: Record<string, unknown> = {}) {
  const br = (await post(m.api, '/billing_requests', { billing_requests: billingRequest }, 201)).billing_requests;
  const created = (
    await post(
      m.api,
      '/billing_request_flows',
      { billing_request_flows: { ...flow, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  return { brId: br.id as string, flowId: created.id as string, link: created.authorisation_url as string };
}

const UK = UK_PAYER;

describe('sessions and CSRF', () => {
  it('starts a session at the flow link, then lands on the current step on reload', async () => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const browser = new PageClient(server.url);
    const entry = await browser.get(`/pay/${flowId}`);
    expect(entry.status).toBe(303);
    expect(entry.location).toBe(`/pay/${flowId}/details`);
    const cookie = [entry.headers['set-cookie']].flat().join();
    expect(cookie).toMatch(new RegExp(`bf_pay=.+; Path=/pay/${flowId}; Max-Age=\\d+; HttpOnly; Secure; SameSite=Lax`));
    expect((await browser.get(`/pay/${flowId}/details`)).status).toBe(200);
    expect((await browser.get(`/pay/${flowId}/details`)).status).toBe(200);
    // A later step cannot be reached before the current one is done.
    const ahead = await browser.get(`/pay/${flowId}/confirm`);
    expect(ahead.status).toBe(303);
    expect(ahead.location).toBe(`/pay/${flowId}/details`);
    // The visit is recorded once per session, however often the link is opened.
    await browser.get(`/pay/${flowId}`);
    const visited = (await m.api.get(`/events?billing_request=${brId}&action=flow_visited`)).body.events;
    expect(visited).toHaveLength(1);
    expect(visited[0].links.billing_request_flow).toBe(flowId);
    expect(visited[0].details.origin).toBe('payer');
  });

  it('records a link opened without cookies at most once per window: 130 fresh sessions add one visit', async () => {
    const { brId, flowId, link } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const visits = async () =>
      (await m.api.get(`/events?billing_request=${brId}&action=flow_visited`)).body.events as unknown[];
    // The link the API gives, opened as issue 41.2 did: each request a new session, no cookie kept.
    const statuses = [];
    for (let i = 0; i < 130; i++) statuses.push((await new PageClient(server.url).get(new URL(link).pathname)).status);
    // The payer rate limit (120 a minute, this file's earlier requests too) answers the rest 429.
    expect(statuses.filter((status) => status === 303).length).toBeGreaterThan(100);
    expect(statuses.every((status) => status === 303 || status === 429)).toBe(true);
    expect(await visits()).toHaveLength(1);
    // Once the window is over, a new visit is recorded again.
    clock.advance(FLOW_VISIT_WINDOW_MS + 1_000);
    expect((await new PageClient(server.url).get(`/pay/${flowId}`)).status).toBe(303);
    expect(await visits()).toHaveLength(2);
  });

  it('sends the payment pages with no framing, no foreign or inline code, and no sniffing', async () => {
    const { flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const page = await new PageClient(server.url).open(`/pay/${flowId}`);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(page.html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('refuses a form without the CSRF token (403) and changes nothing', async () => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const browser = new PageClient(server.url);
    await browser.open(`/pay/${flowId}`);
    const res = await browser.post(`/pay/${flowId}/details`, { ...UK, csrf: 'forged' });
    expect(res.status).toBe(403);
    // A page that says what to do, not a bare status.
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.html).toContain('<h1>This page has expired</h1>');
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(br.resources.customer.email).toBeNull();
  });

  it('answers an unknown flow link with a 404 page in the payer’s language, and a refused form in the flow’s', async () => {
    const browser = new PageClient(server.url);
    const unknown = await browser.get('/pay/BRF00000000000000000000000000', { 'accept-language': 'de-CH, de;q=0.9' });
    expect(unknown.status).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/^text\/html/);
    expect(unknown.html).toContain('<html lang="de"');
    expect(unknown.html).toContain(`<h1>${translator('de')('notfound.title')}</h1>`);

    const { flowId } = await newFlow({ mandate_request: { currency: 'EUR' } }, { lock_currency: true, language: 'fr' });
    const stranger = await new PageClient(server.url).post(`/pay/${flowId}/details`, { ...UK, csrf: 'x' });
    expect(stranger.status).toBe(403);
    expect(stranger.html).toContain(`<h1>${translator('fr')('forbidden.title')}</h1>`);
  });

  it('does not let one flow’s session act on another flow', async () => {
    const a = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const b = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const browser = new PageClient(server.url);
    const page = await browser.open(`/pay/${a.flowId}`);
    const csrf = browser.csrfOf(page.html);
    // The sealed session names flow A: presented to flow B it is no session at all.
    const res = await browser.post(`/pay/${b.flowId}/details`, { ...UK, csrf });
    expect(res.status).toBe(403);
    const stranger = new PageClient(server.url);
    const step = await stranger.get(`/pay/${b.flowId}/details`);
    expect(step.status).toBe(303);
    // Back to the link, marked as a second try (so a browser refusing cookies is not sent round again).
    expect(step.location).toBe(`/pay/${b.flowId}?again=1`);
    // A forged cookie reads as none too.
    stranger.setCookie('bf_pay', 'Fe26.2**forged');
    expect((await stranger.post(`/pay/${b.flowId}/details`, { ...UK, csrf })).status).toBe(403);
    expect((await stranger.get(`/pay/BRF00000000000000000000000000`)).status).toBe(404);
  });

  it('honours the session token from initialise for client-side integrations', async () => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const token = (await post(m.api, `/billing_request_flows/${flowId}/actions/initialise`, { data: {} }))
      .billing_request_flows.session_token;
    const client = new PageClient(server.url);
    const res = await client.post(`/pay/${flowId}/details`, UK, { 'x-session-token': token });
    expect(res.status).toBe(303);
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(br.resources.customer.email).toBe('jane@example.com');
    expect(
      (await new PageClient(server.url).post(`/pay/${flowId}/details`, UK, { 'x-session-token': 'sess_wrong' })).status,
    ).toBe(403);
  });
});

describe('validation', () => {
  it('refuses a look-alike email (zero-width space, fullwidth letter, bidi override) at its field, writing nothing', async () => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const browser = new PageClient(server.url);
    const csrf = browser.csrfOf((await browser.open(`/pay/${flowId}`)).html);
    for (const email of ['jane\u200b@example.com', 'jan\uff45@example.com', 'jane\u202e@example.com']) {
      const res = await browser.post(`/pay/${flowId}/details`, { ...UK, email, csrf });
      expect(res.status, email).toBe(400);
      expect(res.html).toMatch(/id="email"[^>]*aria-invalid="true"/);
    }
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(br.resources.customer.email).toBeNull();
  });

  it('re-renders the step with 400 and field errors, keeping what the payer typed', async () => {
    const { flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const browser = new PageClient(server.url);
    const page = await browser.open(`/pay/${flowId}`);
    const csrf = browser.csrfOf(page.html);
    const res = await browser.post(`/pay/${flowId}/details`, { ...UK, email: 'not-an-email', city: '', csrf });
    expect(res.status).toBe(400);
    expect(res.html).toContain('role="alert"');
    expect(res.html).toMatch(/href="#email"/);
    expect(res.html).toMatch(/id="email"[^>]*aria-invalid="true"/);
    expect(res.html).toContain('value="Jane"');

    const ok = await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`/pay/${flowId}/account`);
    const bad = await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jane Doe',
      branch_code: '200000',
      account_number: '55779912',
      csrf,
    });
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(/href="#account_number"/);
    // What the payer typed comes back for them to correct.
    expect(bad.html).toContain('value="55779912"');
  });

  it('answers a bank the domain refuses with the bank step again (400, an error summary), not the error page', async () => {
    const { brId, flowId } = await newFlow({ payment_request: { amount: 500, currency: 'GBP', description: 'Tea' } });
    const browser = new PageClient(server.url);
    const page = await browser.open(`/pay/${flowId}`);
    const csrf = browser.csrfOf(page.html);
    const details = await browser.post(`/pay/${flowId}/details`, { ...UK, csrf });
    expect(details.status).toBe(303);
    expect(details.location).toBe(`/pay/${flowId}/bank`);

    const refused = await browser.post(`/pay/${flowId}/bank`, { institution: 'no-such-bank', country: 'GB', csrf });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('role="alert"');
    expect(refused.html).toMatch(/href="#banks"/);
    // Nothing was chosen: the request still waits for an institution.
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(br.actions.find((a: { type: string }) => a.type === 'select_institution').status).toBe('pending');
  });

  it('refuses an oversized form with 413 before reading it, and keeps nothing', async () => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency: 'GBP' } }, { lock_currency: true });
    const browser = new PageClient(server.url);
    const page = await browser.open(`/pay/${flowId}`);
    const res = await browser.post(`/pay/${flowId}/details`, {
      ...UK,
      address_line2: 'x'.repeat(20_000),
      csrf: browser.csrfOf(page.html),
    });
    expect(res.status).toBe(413);
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(br.resources.customer.email).toBeNull();
    // The same payer can go on with a normal form.
    expect((await browser.post(`/pay/${flowId}/details`, { ...UK, csrf: browser.csrfOf(page.html) })).status).toBe(303);
  });

  it.each([
    ['SEK', 'swedish_identity_number', '198112289875', '198112289874'],
    ['DKK', 'danish_identity_number', '12345', '0101701234'],
  ])('asks a %s payer for their %s and checks it', async (currency, field, wrong, right) => {
    const { brId, flowId } = await newFlow({ mandate_request: { currency } }, { lock_currency: true });
    const browser = new PageClient(server.url);
    const page = await browser.open(`/pay/${flowId}`);
    expect(page.path).toBe(`/pay/${flowId}/details`);
    expect(page.html).toMatch(new RegExp(`<label for="${field}"`));
    const csrf = browser.csrfOf(page.html);
    const payer = {
      given_name: 'Sven',
      family_name: 'Berg',
      email: 'sven@example.com',
      country_code: currency === 'SEK' ? 'SE' : 'DK',
      csrf,
    };
    const bad = await browser.post(`/pay/${flowId}/details`, { ...payer, [field]: wrong });
    expect(bad.status).toBe(400);
    expect(bad.html).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    const ok = await browser.post(`/pay/${flowId}/details`, { ...payer, [field]: right });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`/pay/${flowId}/account`);
    const br = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(br.resources.customer_billing_detail[field]).toBe(right);
  });
});

describe('returning to the merchant', () => {
  it('appends outcome and id to the merchant’s own URI, and never to anything else', async () => {
    const { brId, flowId } = await newFlow(
      { mandate_request: { currency: 'GBP' } },
      { lock_currency: true, redirect_uri: 'https://merchant.example/back?x=1', skip_success_screen: true },
    );
    const browser = new PageClient(server.url);
    const page = await browser.open(`/pay/${flowId}?redirect_uri=https://evil.example`);
    const csrf = browser.csrfOf(page.html);
    await browser.post(`/pay/${flowId}/details`, { ...UK, csrf, redirect_uri: 'https://evil.example' });
    await browser.post(`/pay/${flowId}/account`, {
      account_holder_name: 'Jane Doe',
      branch_code: '200000',
      account_number: '55779911',
      csrf,
    });
    const done = await browser.post(`/pay/${flowId}/confirm`, {
      csrf,
      sole_signatory: 'yes',
      redirect_uri: 'https://evil.example',
    });
    expect(done.status).toBe(303);
    expect(done.location).toBe(`https://merchant.example/back?x=1&outcome=success&id=${flowId}`);
    expect((await m.api.get(`/billing_requests/${brId}`)).body.billing_requests.status).toBe('fulfilled');
  });

  it('answers an expired bank authorisation with outcome=timeout at the exit', async () => {
    const { brId, flowId } = await newFlow(
      { payment_request: { amount: 100, currency: 'GBP' } },
      { exit_uri: 'https://merchant.example/exit' },
    );
    const browser = new PageClient(server.url);
    const page = await browser.open(`/pay/${flowId}`);
    const csrf = browser.csrfOf(page.html);
    await browser.post(`/pay/${flowId}/details`, {
      given_name: 'Jane',
      family_name: 'Doe',
      email: 'jane@example.com',
      csrf,
    });
    await browser.post(`/pay/${flowId}/bank`, { institution: 'monzo', country: 'GB', csrf });
    expect((await browser.get(`/pay/${flowId}/authorise`)).status).toBe(200);
    clock.advance(16 * 60_000);
    const back = await browser.get(`/pay/${flowId}/bank-return`);
    expect(back.status).toBe(200);
    expect(back.html).toContain('The time to authorise at your bank ran out');
    const exit = await browser.post(`/pay/${flowId}/bank-return`, { intent: 'exit', csrf });
    expect(exit.location).toBe(`https://merchant.example/exit?outcome=timeout&id=${flowId}`);
    const events = (await m.api.get(`/events?billing_request=${brId}`)).body.events.map(
      (e: { action: string }) => e.action,
    );
    expect(events).toEqual(expect.arrayContaining(['bank_authorisation_expired', 'flow_exited']));
    clock.advance(-16 * 60_000);
  });

  it('shows an expired flow (7 days) with the way out, and a cancelled request too', async () => {
    const { flowId } = await newFlow(
      { mandate_request: { currency: 'GBP' } },
      { exit_uri: 'https://merchant.example/exit' },
    );
    const browser = new PageClient(server.url);
    clock.advance(8 * 86_400_000);
    const expired = await browser.open(`/pay/${flowId}`);
    expect(expired.path).toBe(`/pay/${flowId}/closed`);
    expect(expired.html).toContain('This link has expired');
    clock.advance(-8 * 86_400_000);
    const cancelled = await newFlow({ mandate_request: { currency: 'GBP' } });
    await post(m.api, `/billing_requests/${cancelled.brId}/actions/cancel`, { data: {} });
    const page = await new PageClient(server.url).open(`/pay/${cancelled.flowId}`);
    expect(page.html).toContain('This request has been cancelled');
  });
});
