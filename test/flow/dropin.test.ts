import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startPagesServer, UK_PAYER, UK_ACCOUNT } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { mandateFlow } from '../support/journeys';
import { checkWire } from '../support/wire-check';
import { translator } from '../../i18n/flow';

/**
 * The drop-in over real HTTPS (issue 16): the initialise script, framing only by the origin the
 * session was opened for (any https or localhost origin in the sandbox, registered ones in live),
 * a partitioned SameSite=None session, `source.type: dropin` on its events, and the success page's
 * message carrying the billing request and flow as the API serialises them.
 */
let sandbox: TestServer;
let live: TestServer;
let m: Merchant;
let liveMerchant: Merchant;
const MERCHANT_PAGE = 'http://127.0.0.1:3452';

beforeAll(async () => {
  [sandbox, live] = await Promise.all([startPagesServer(), startPagesServer({ env: { ENVIRONMENT: 'live' } })]);
  [m, liveMerchant] = await Promise.all([sandbox.merchant(), live.merchant()]);
});
afterAll(async () => {
  await sandbox?.close();
  await live?.close();
});

async function newMandateFlow(merchant: Merchant) {
  const { br, flow } = await mandateFlow(merchant.api);
  return { brId: br.id as string, flowId: flow.id as string, flow: flow as Record<string, unknown> };
}

const header = (res: { headers: Record<string, unknown> }, name: string) => String(res.headers[name] ?? '');
const frameAncestors = (res: { headers: Record<string, unknown> }) =>
  /frame-ancestors ([^;]+)/.exec(header(res, 'content-security-policy'))?.[1];
const dropinLink = (flowId: string, origin: string) =>
  `/pay/${flowId}?${new URLSearchParams({ dropin_origin: origin })}`;

function attribute(html: string, name: string): string | undefined {
  const raw = new RegExp(`${name}="([^"]*)"`).exec(html)?.[1];
  return raw
    ?.replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

describe('the initialise script', () => {
  it('is served at the public path for any page to load, naming this environment', async () => {
    const res = await new PageClient(sandbox.url).get('/billing/static/dropin/v2/initialise.js');
    expect(res.status).toBe(200);
    expect(header(res, 'content-type')).toMatch(/^text\/javascript/);
    expect(header(res, 'cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.html).toContain("var SERVER_ENVIRONMENT = 'sandbox'");
    expect(res.html).toContain('window.GoCardlessDropin = { create: create }');
  });
});

describe('a flow in the sandbox drop-in', () => {
  it('may be framed by the merchant origin only, keeps a partitioned session and completes a Bacs mandate', async () => {
    const { brId, flowId, flow } = await newMandateFlow(m);
    const browser = new PageClient(sandbox.url);
    const link = await browser.get(dropinLink(flowId, MERCHANT_PAGE));
    expect(link.status).toBe(303);
    expect(header(link, 'set-cookie')).toMatch(/SameSite=None; Partitioned/);
    expect(header(link, 'set-cookie')).toMatch(/Secure/);
    expect(frameAncestors(link)).toBe(MERCHANT_PAGE);
    expect(link.headers['x-frame-options']).toBeUndefined();
    expect(link.headers['x-bankflow-frame-ancestor']).toBeUndefined();

    const details = await browser.get(link.location!);
    expect(details.status).toBe(200);
    expect(frameAncestors(details)).toBe(MERCHANT_PAGE);
    expect(details.html).toContain(`data-dropin-parent="${MERCHANT_PAGE}"`);
    const csrf = browser.csrfOf(details.html);
    await browser.post(`/pay/${flowId}/details`, { ...UK_PAYER, csrf });
    await browser.post(`/pay/${flowId}/account`, { ...UK_ACCOUNT, csrf });
    const confirmed = await browser.post(`/pay/${flowId}/confirm`, { csrf, sole_signatory: 'yes' });
    expect(confirmed.location).toBe(`/pay/${flowId}/success`);
    const success = await browser.get(confirmed.location!);
    expect(frameAncestors(success)).toBe(MERCHANT_PAGE);
    expect(attribute(success.html, 'data-dropin-origin')).toBe(MERCHANT_PAGE);
    const message = JSON.parse(attribute(success.html, 'data-dropin-message')!);
    expect(message).toMatchObject({ source: 'bankflow-dropin', event: 'success' });
    // Exactly what the API answers for the same resources.
    const apiRequest = (await m.api.get(`/billing_requests/${brId}`)).body.billing_requests;
    expect(message.billingRequest).toEqual(apiRequest);
    expect(message.billingRequest.status).toBe('fulfilled');
    // The flow as its create answered it (the API has no GET for flows).
    expect(message.billingRequestFlow).toEqual(flow);
    checkWire('POST', '/billing_request_flows', 201, { billing_request_flows: message.billingRequestFlow });

    // Its events name the drop-in as their source.
    const events = (await m.api.get(`/events?billing_request=${brId}`)).body.events as {
      action: string;
      details: { origin: string };
      source?: { type: string };
    }[];
    const visited = events.filter((e) => e.action === 'flow_visited');
    expect(visited).toHaveLength(1);
    for (const action of ['flow_visited', 'collect_customer_details', 'fulfilled'])
      expect(
        events.find((e) => e.action === action),
        action,
      ).toBeDefined();
    const fromPayer = events.filter((e) => e.details.origin === 'payer');
    expect(fromPayer.length).toBeGreaterThan(2);
    for (const event of fromPayer) expect(event.source, event.action).toEqual({ type: 'dropin', name: flowId });
  });

  it('refuses framing to anything that is not an origin, and keeps every other page unframeable', async () => {
    const { flowId } = await newMandateFlow(m);
    for (const bad of ['http://shop.example', 'https://shop.example/path', 'javascript:alert(1)', '*', "'self'"]) {
      const res = await new PageClient(sandbox.url).get(dropinLink(flowId, bad));
      expect(frameAncestors(res), bad).toBe("'none'");
      expect(header(res, 'x-frame-options'), bad).toBe('DENY');
      expect(header(res, 'set-cookie'), bad).toMatch(/SameSite=Lax/);
    }
    const plain = new PageClient(sandbox.url);
    const page = await plain.open(`/pay/${flowId}`);
    expect(frameAncestors(page)).toBe("'none'");
    expect(page.html).not.toContain('data-dropin-parent');
  });
});

describe('leaving the drop-in', () => {
  const exitReasonOf = (html: string) => JSON.parse(attribute(html, 'data-dropin-message')!);

  it('cancelling tells the merchant page cancelled_by_payer, and the frame never opens a merchant URI', async () => {
    const { flowId } = await newMandateFlow(m);
    const browser = new PageClient(sandbox.url);
    const details = await browser.get((await browser.get(dropinLink(flowId, MERCHANT_PAGE))).location!);
    const csrf = browser.csrfOf(details.html);
    const cancelled = await browser.post(`/pay/${flowId}/cancel`, { csrf });
    expect(cancelled.location).toBe(`/pay/${flowId}/dropin-exit?reason=cancelled_by_payer`);
    const exit = await browser.get(cancelled.location!);
    expect(exit.status).toBe(200);
    expect(frameAncestors(exit)).toBe(MERCHANT_PAGE);
    expect(attribute(exit.html, 'data-dropin-origin')).toBe(MERCHANT_PAGE);
    expect(exitReasonOf(exit.html)).toEqual({ source: 'bankflow-dropin', event: 'exit', reason: 'cancelled_by_payer' });
    // Outside the drop-in, or with a reason it does not know, there is no such page.
    expect((await browser.get(`/pay/${flowId}/dropin-exit?reason=nonsense`)).status).toBe(303);
    const plain = new PageClient(sandbox.url);
    await plain.open(`/pay/${flowId}`);
    expect((await plain.get(`/pay/${flowId}/dropin-exit?reason=cancelled_by_payer`)).status).toBe(303);
  });
});

describe('a flow in the live drop-in', () => {
  it('may be framed only by an origin the organisation registered', async () => {
    const { flowId } = await newMandateFlow(liveMerchant);
    const shop = 'https://shop.example';
    const unregistered = await new PageClient(live.url).get(dropinLink(flowId, shop));
    expect(unregistered.status).toBe(303);
    expect(frameAncestors(unregistered)).toBe("'none'");
    expect(header(unregistered, 'x-frame-options')).toBe('DENY');

    await live.services.db.transaction((tx) => live.services.dropinOrigins.add(tx, liveMerchant.organisationId, shop));
    const registered = await new PageClient(live.url).get(dropinLink(flowId, shop));
    expect(frameAncestors(registered)).toBe(shop);
    // Another organisation's registration does not count.
    const other = await live.merchant();
    const { flowId: otherFlow } = await newMandateFlow(other);
    expect(frameAncestors(await new PageClient(live.url).get(dropinLink(otherFlow, shop)))).toBe("'none'");
  });
});

/** GETs without keeping cookies (a browser that refuses them), following redirects; counts the hops. */
async function openRefusingCookies(baseUrl: string, path: string, language: string) {
  const agent = new https.Agent({ rejectUnauthorized: false });
  let current = path;
  for (let hops = 0; hops < 10; hops++) {
    const res = await new Promise<{ status: number; location?: string; html: string }>((resolve, reject) => {
      https
        .get(
          new URL(current, baseUrl),
          { agent, headers: { accept: 'text/html', 'accept-language': language } },
          (r) => {
            let html = '';
            r.on('data', (d) => (html += d));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, location: r.headers.location, html }));
          },
        )
        .on('error', reject);
    });
    if (res.status !== 303) return { ...res, path: current, hops };
    current = res.location!;
  }
  throw new Error(`redirect loop from ${path}`);
}

describe('a browser that refuses cookies', () => {
  it('gets the cookies page in its language after a second try through the link, and the visit is written once', async () => {
    const { brId, flowId } = await newMandateFlow(m);
    const de = translator('de');
    const page = await openRefusingCookies(sandbox.url, `/pay/${flowId}`, 'de-DE,de;q=0.9');
    expect(page.status).toBe(200);
    // link -> step -> link again -> step -> the cookies page; never round again.
    expect(page.hops).toBe(4);
    expect(page.path).toBe(`/pay/${flowId}/cookies`);
    expect(page.html).toContain(`<h1>${de('cookies.title')}</h1>`);
    expect(page.html).toContain('lang="de"');
    expect(page.html).toContain(`href="/pay/${flowId}?again=1"`);
    // "Try again" without cookies: the same page, and no second visit.
    const again = await openRefusingCookies(sandbox.url, `/pay/${flowId}?again=1`, 'de');
    expect(again.path).toBe(`/pay/${flowId}/cookies`);
    const visits = (await m.api.get(`/events?billing_request=${brId}&action=flow_visited`)).body.events;
    expect(visits).toHaveLength(1);
  });

  it('a browser keeping cookies is recorded once per session however often it opens the link', async () => {
    const { brId, flowId } = await newMandateFlow(m);
    const browser = new PageClient(sandbox.url);
    for (let i = 0; i < 3; i++)
      expect((await browser.open(`/pay/${flowId}`)).path.split('?')[0]).toBe(`/pay/${flowId}/details`);
    const visits = (await m.api.get(`/events?billing_request=${brId}&action=flow_visited`)).body.events;
    expect(visits).toHaveLength(1);
  });
});
