import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { PageClient } from '../support/browser';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Payment links from the dashboard: an admin makes a billing request and flow from a small form;
 * its page shows the link, its QR code (PNG and SVG) and its status, which follows the payer
 * through the hosted pages to the payment. Viewers and other organisations get nothing.
 */
let server: TestServer;
let m: Merchant;
let adminEmail: string;

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Links merchant');
  adminEmail = (await dashboardUser(server, m.organisationId, 'admin')).email;
});
afterAll(() => server?.close());

/** The payer's way through the link without JavaScript: their details, their bank, and yes at the sandbox bank. */
async function payByBank(flowPath: string) {
  const payer = new PageClient(server.url);
  const csrf = payer.csrfOf((await payer.open(flowPath)).html);
  await payer.post(`${flowPath}/details`, { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com', csrf });
  await payer.post(`${flowPath}/bank`, { institution: 'monzo', country: 'GB', csrf });
  const bankPath = /\/sandbox-bank\/[0-9A-Z]+/.exec((await payer.get(`${flowPath}/authorise`)).html)![0];
  const bank = new PageClient(server.url);
  const token = /name="token" value="([^"]+)"/.exec((await bank.get(bankPath)).html)![1]!;
  expect((await bank.post(bankPath, { token, decision: 'authorise' })).status).toBe(303);
  await payer.open(`${flowPath}/bank-return`);
}

const linkOf = (html: string) => /data-testid="link-url" value="([^"]+)"/.exec(html)?.[1] ?? '';

describe('dashboard payment links', () => {
  it('makes a link an admin shares, which a payer follows to a payment shown on the link’s page', async () => {
    const admin = await signedInAs(server, adminEmail);
    const csrf = await csrfAt(admin, '/dashboard/payment-links');
    const made = await admin.post('/dashboard/payment-links?index', {
      csrf,
      description: 'Piano lessons',
      amount: '25.00',
      currency: 'GBP',
    });
    expect(made.status).toBe(303);
    expect(made.location).toMatch(/^\/dashboard\/payment-links\/BRF[0-9A-Z]+$/);
    const page = await admin.get(made.location!);
    expect(page.status).toBe(200);
    const url = linkOf(page.html);
    expect(url).toMatch(/^https:\/\/localhost:3000\/pay\/BRF[0-9A-Z]+$/);
    expect(page.html).toContain('data-testid="link-status">pending<');
    expect(page.html).toContain('£25.00');
    // The page's live status asks status.json (the enhancement script) while the payer may still pay.
    expect(page.html).toContain(`data-live-link="${made.location}/status.json"`);
    const waiting = await admin.get(`${made.location}/status.json`);
    expect(waiting.status).toBe(200);
    expect(waiting.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(waiting.html)).toEqual({ status: 'pending', payment: null, settled: false });

    const png = await admin.get(`${made.location}/qr.png`);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.html.slice(1, 4)).toBe('PNG');
    const svg = await admin.get(`${made.location}/qr.svg`);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.html).toMatch(/^<svg/);
    expect((await admin.get(`${made.location}/qr.gif`)).status).toBe(404);

    const brId = (await m.api.get('/billing_requests')).body.billing_requests[0];
    expect(brId).toMatchObject({ payment_request: { amount: 2500, currency: 'GBP', description: 'Piano lessons' } });
    const events = (await m.api.get(`/events?billing_request=${brId.id}`)).body.events;
    expect(events.find((e: { action: string }) => e.action === 'created').source).toMatchObject({
      type: 'user',
      name: adminEmail,
    });

    await payByBank(new URL(url).pathname);
    const after = await admin.get(made.location!);
    expect(after.html).toContain('data-testid="link-status">fulfilled<');
    const paymentId = /href="\/dashboard\/payments\/(PM[0-9A-Z]+)"/.exec(after.html)![1]!;
    const paid = JSON.parse((await admin.get(`${made.location}/status.json`)).html);
    expect(paid).toEqual({ status: 'fulfilled', payment: paymentId, settled: true });
    // Nothing more can happen to a fulfilled link: its page stops asking.
    expect(after.html).not.toContain('data-live-link');
    expect((await admin.get(`/dashboard/payments/${paymentId}`)).html).toContain('£25.00');
  });

  it('answers bad input next to its field and makes nothing', async () => {
    const admin = await signedInAs(server, adminEmail);
    const csrf = await csrfAt(admin, '/dashboard/payment-links');
    const before = (await m.api.get('/billing_requests')).body.billing_requests.length;
    const refused = await admin.post('/dashboard/payment-links?index', {
      csrf,
      description: '',
      amount: 'ten',
      currency: 'XXX',
    });
    expect(refused.status).toBe(400);
    for (const field of ['description', 'amount']) expect(refused.html).toContain(`id="${field}-error"`);
    expect(refused.html).toContain('id="currency-error"');
    // What was typed comes back into the form (issue #41.4): the amount, the description, the currency.
    const kept = await admin.post('/dashboard/payment-links?index', {
      csrf,
      description: 'Piano lesson',
      amount: '12,50',
      currency: 'EUR',
    });
    expect(kept.status).toBe(400);
    expect(kept.html).toMatch(/id="amount"[^>]*value="12,50"/);
    expect(kept.html).toMatch(/id="description"[^>]*value="Piano lesson"/);
    expect(kept.html).toMatch(/<option value="EUR" selected="">/);
    expect((await m.api.get('/billing_requests')).body.billing_requests).toHaveLength(before);
  });

  it('refuses a viewer (403) and shows another organisation nothing (404)', async () => {
    const admin = await signedInAs(server, adminEmail);
    const csrf = await csrfAt(admin, '/dashboard/payment-links');
    const made = await admin.post('/dashboard/payment-links?index', {
      csrf,
      description: 'Mine',
      amount: '5',
      currency: 'EUR',
    });
    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    const form = { csrf: await csrfAt(viewer), description: 'No', amount: '1', currency: 'GBP' };
    expect((await viewer.post('/dashboard/payment-links?index', form)).status).toBe(403);
    expect((await viewer.get(made.location!)).status).toBe(200);
    expect((await viewer.get(`${made.location}/status.json`)).status).toBe(200);
    const other = await server.merchant('Other links merchant');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    for (const path of [made.location!, ...['qr.png', 'qr.svg', 'status.json'].map((f) => `${made.location}/${f}`)])
      expect((await stranger.get(path)).status, path).toBe(404);
  });
});
