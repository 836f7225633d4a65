import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import { startPagesServer } from '../support/pages';
import { PageClient } from '../support/browser';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { fetchBytes, readPngQr } from '../support/qr';

/**
 * A template's public link over real HTTPS, as browsers without JavaScript use it: opening it
 * writes nothing, Continue makes one billing request and flow per payer from the template, and
 * its QR code decodes to the link.
 */
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant();
});
afterAll(() => server?.close());

const TEMPLATE = {
  name: 'Yoga class',
  payment_request_amount: 1500,
  payment_request_currency: 'GBP',
  payment_request_description: 'One yoga class',
  payment_request_metadata: { kind: 'class' },
  metadata: { shop: 'north' },
  redirect_uri: 'https://merchant.example/thanks',
};
const newTemplate = async (fields: Record<string, unknown> = TEMPLATE) =>
  (await post(m.api, '/billing_request_templates', { billing_request_templates: fields }, 201))
    .billing_request_templates as { id: string; authorisation_url: string };

const counts = async () => {
  const { rows } = await server.services.db.query<{ requests: number; flows: number }>(
    `SELECT (SELECT count(*)::int FROM billing_requests WHERE organisation_id = $1) AS requests,
            (SELECT count(*)::int FROM billing_request_flows WHERE organisation_id = $1) AS flows`,
    [m.organisationId],
  );
  return rows[0]!;
};

/** The path of the template's permanent link (its authorisation_url). */
const linkPath = (t: { authorisation_url: string }) => new URL(t.authorisation_url).pathname;

/** One payer: opens the link, presses Continue; answers the flow the 303 leads to. */
async function payerContinues(path: string, query = '') {
  const browser = new PageClient(server.url);
  const page = await browser.get(`${path}${query}`);
  expect(page.status).toBe(200);
  const answer = await browser.post(`${path}${query}`, { csrf: browser.csrfOf(page.html) });
  expect(answer.status).toBe(303);
  const match = /^\/pay\/(BRF[0-9A-Z]{26})(\?.*)?$/.exec(answer.location ?? '');
  expect(match).not.toBeNull();
  return { browser, flowId: match![1]!, query: match![2] ?? '' };
}

describe('a template’s link', () => {
  it('shows whom and what the payer pays, and writes nothing however often it is opened', async () => {
    const t = await newTemplate();
    expect(t.authorisation_url).toBe(`${server.config.publicUrl}/pay/templates/${t.id}`);
    const before = await counts();
    const browser = new PageClient(server.url);
    for (let i = 0; i < 3; i++) {
      const page = await browser.get(linkPath(t));
      expect(page.status).toBe(200);
      expect(page.html).toContain('Start your payment');
      expect(page.html).toContain('One yoga class');
      expect(page.html).toContain('£15.00');
      expect(page.html).toMatch(new RegExp(`<form method="post" action="/pay/templates/${t.id}"`));
    }
    // A link scanner's GET, without the cookie the page set, makes nothing either.
    await new PageClient(server.url).get(linkPath(t));
    expect(await counts()).toEqual(before);
  });

  it('gives two payers who open the same link two billing requests, each made from the template', async () => {
    const t = await newTemplate();
    const before = await counts();
    const first = await payerContinues(linkPath(t));
    const second = await payerContinues(linkPath(t));
    expect(first.flowId).not.toBe(second.flowId);
    expect(await counts()).toEqual({ requests: before.requests + 2, flows: before.flows + 2 });

    const requestIds = new Set<string>();
    for (const { flowId, browser } of [first, second]) {
      const { rows } = await server.services.db.query<{ billing_request_id: string; redirect_uri: string }>(
        'SELECT billing_request_id, redirect_uri FROM billing_request_flows WHERE id = $1',
        [flowId],
      );
      expect(rows[0]!.redirect_uri).toBe(TEMPLATE.redirect_uri);
      const br = (await m.api.get(`/billing_requests/${rows[0]!.billing_request_id}`)).body.billing_requests;
      requestIds.add(br.id);
      expect(br).toMatchObject({
        status: 'pending',
        metadata: { shop: 'north' },
        payment_request: { amount: 1500, currency: 'GBP', description: 'One yoga class', metadata: { kind: 'class' } },
      });
      // The 303 leads into the payer's own flow.
      expect((await browser.get(`/pay/${flowId}`)).location).toBe(`/pay/${flowId}/details`);
    }
    expect(requestIds.size).toBe(2);
  });

  it('carries its query string into the flow: the form posts it and the 303 appends it', async () => {
    const t = await newTemplate();
    const browser = new PageClient(server.url);
    const query = '?lang=fr&dropin=1';
    const page = await browser.get(`${linkPath(t)}${query}`);
    expect(page.html).toContain('Commencer votre paiement');
    expect(page.html).toContain(`action="/pay/templates/${t.id}?lang=fr&amp;dropin=1"`);
    const { query: carried } = await payerContinues(linkPath(t), query);
    expect(carried).toBe(query);
  });

  it('opened by the drop-in, may be framed by the merchant page, and leads into a drop-in flow', async () => {
    const t = await newTemplate();
    const frameAncestors = (headers: Record<string, unknown>) =>
      /frame-ancestors ([^;]+)/.exec(String(headers['content-security-policy'] ?? ''))?.[1];
    // Not opened by the drop-in: no page may frame it.
    expect(frameAncestors((await new PageClient(server.url).get(linkPath(t))).headers)).toBe("'none'");
    const query = `?${new URLSearchParams({ dropin_origin: 'https://shop.example' })}`;
    const browser = new PageClient(server.url);
    const page = await browser.get(`${linkPath(t)}${query}`);
    expect(frameAncestors(page.headers)).toBe('https://shop.example');
    const { flowId, query: carried } = await payerContinues(linkPath(t), query);
    expect(carried).toBe(query);
    const flowPage = await new PageClient(server.url).get(`/pay/${flowId}${carried}`);
    expect([200, 303]).toContain(flowPage.status);
    expect(frameAncestors(flowPage.headers)).toBe('https://shop.example');
  });

  it('refuses a Continue without the page’s CSRF token (403) and makes nothing', async () => {
    const t = await newTemplate();
    const before = await counts();
    const browser = new PageClient(server.url);
    await browser.get(linkPath(t));
    expect((await browser.post(linkPath(t), { csrf: 'forged' })).status).toBe(403);
    // A forged form from another site: no cookie of ours at all.
    expect((await new PageClient(server.url).post(linkPath(t), { csrf: 'x' })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('answers an unknown template with the not-found page', async () => {
    const browser = new PageClient(server.url);
    expect((await browser.get('/pay/templates/BRT00000000000000000000000000')).status).toBe(404);
    expect((await browser.get('/pay/templates/BRT00000000000000000000000000/qr.png')).status).toBe(404);
  });
});

describe('a template’s QR code', () => {
  it('is a PNG that decodes to the link, and an SVG of it', async () => {
    const t = await newTemplate();
    const png = await fetchBytes(server.url, `${linkPath(t)}/qr.png`);
    expect(png.status).toBe(200);
    expect(png.type).toBe('image/png');
    expect(readPngQr(png.body)).toBe(t.authorisation_url);

    const svg = await fetchBytes(server.url, `${linkPath(t)}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.type).toBe('image/svg+xml');
    expect(svg.body.toString()).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
