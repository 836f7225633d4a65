import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateRow } from '../../server/domain/billing-request-templates/types';
import type { Actor } from '../../server/domain/shared/actor';
import { PageClient } from '../support/browser';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { startPagesServer } from '../support/pages';
import { fetchBytes, readPngQr, readSvgQr } from '../support/qr';
import type { TestServer } from '../support/server';

/**
 * Reusable payment links in the dashboard (issue #19): an admin makes a billing request template
 * through the templates service, its page gives the permanent link and its QR codes, every payer
 * who comes through the link gets a billing request of their own, listed on the template's page
 * with its status, and an admin changes the template as the API's PUT does. Bad input is refused
 * at its field and makes nothing; viewers are refused every write, other organisations see nothing.
 */
let server: TestServer;
let m: Merchant;
let admin: PageClient;

const NEW = '/dashboard/payment-links/templates/new';
const GOOD = { description: 'Piano lesson', amount: '12.50', currency: 'GBP', name: 'Piano', mandate_scheme: '' };

const rowIds = (html: string, prefix: string) =>
  [...html.matchAll(new RegExp(`data-testid="row"><td><a href="[^"]*/(${prefix}[A-Z0-9]+)"`, 'g'))].map((x) => x[1]!);
const linkOf = (html: string) => /data-testid="link-url" value="([^"]+)"/.exec(html)?.[1] ?? '';
const actor = (): Actor => ({ organisationId: m.organisationId, origin: 'api', source: { type: 'app', name: 'test' } });
const templatesOfM = async () =>
  (await m.api.get('/billing_request_templates')).body.billing_request_templates as { id: string }[];

async function makeTemplate(fields: Record<string, string> = GOOD) {
  const made = await admin.post(NEW, { csrf: await csrfAt(admin, NEW), ...fields });
  expect(made.status).toBe(303);
  const match = /^\/dashboard\/payment-links\/templates\/(BRT[0-9A-Z]+)\?done=created$/.exec(made.location ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
}

/**
 * A payer through the template's link without JavaScript: Continue on its landing page, then
 * their details; `pay` goes on to their bank and says yes at the sandbox bank.
 */
async function payerThrough(templateId: string, email: string, pay: boolean) {
  const link = `/pay/templates/${templateId}`;
  const payer = new PageClient(server.url);
  const landing = await payer.get(link);
  expect(landing.status).toBe(200);
  const started = await payer.post(link, { csrf: payer.csrfOf(landing.html) });
  expect(started.status).toBe(303);
  const flowPath = /^\/pay\/BRF[0-9A-Z]+/.exec(started.location!)![0];
  const csrf = payer.csrfOf((await payer.open(flowPath)).html);
  await payer.post(`${flowPath}/details`, { given_name: 'Pat', family_name: 'Payer', email, csrf });
  if (!pay) return;
  await payer.post(`${flowPath}/bank`, { institution: 'monzo', country: 'GB', csrf });
  const bankPath = /\/sandbox-bank\/[0-9A-Z]+/.exec((await payer.get(`${flowPath}/authorise`)).html)![0];
  const bank = new PageClient(server.url);
  const token = /name="token" value="([^"]+)"/.exec((await bank.get(bankPath)).html)![1]!;
  expect((await bank.post(bankPath, { token, decision: 'authorise' })).status).toBe(303);
  await payer.open(`${flowPath}/bank-return`);
}

beforeAll(async () => {
  server = await startPagesServer();
  m = await server.merchant('Templates merchant');
  admin = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'admin')).email);
});
afterAll(() => server?.close());

describe('making a reusable link', () => {
  it('answers bad input next to its field, and what the service refuses too, making nothing', async () => {
    const csrf = await csrfAt(admin, NEW);
    const bad = { csrf, description: '', amount: 'ten', currency: 'XXX', name: 'n'.repeat(256), mandate_scheme: 'x' };
    const refused = await admin.post(NEW, bad);
    expect(refused.status).toBe(400);
    for (const field of ['description', 'amount', 'currency', 'name', 'mandate_scheme'])
      expect(refused.html, field).toContain(`id="${field}-error"`);
    expect(refused.html).toContain('class="error-summary"');
    // A character the database cannot store is refused at its field, never a 5xx.
    const nul = await admin.post(NEW, { csrf, ...GOOD, description: 'Piano\u0000lesson' });
    expect(nul.status).toBe(400);
    expect(nul.html).toContain('id="description-error"');
    // The API's rules, through the service: a scheme that needs limits, a currency no bank payment takes.
    const needsLimits = await admin.post(NEW, { csrf, ...GOOD, mandate_scheme: 'pay_to' });
    expect(needsLimits.status).toBe(422);
    expect(needsLimits.html).toContain('id="mandate_scheme-error"');
    expect(needsLimits.html).not.toContain('id="amount-error"');
    const usd = await admin.post(NEW, { csrf, ...GOOD, currency: 'USD' });
    expect(usd.status).toBe(422);
    expect(usd.html).toContain('id="currency-error"');
    expect(await templatesOfM()).toEqual([]);
  });

  it('makes the template through the service; its page gives the link, and QR codes that say it', async () => {
    const id = await makeTemplate({ ...GOOD, mandate_scheme: 'bacs' });
    const wire = (await m.api.get(`/billing_request_templates/${id}`)).body.billing_request_templates;
    expect(wire).toMatchObject({
      name: 'Piano',
      payment_request_amount: '12.50',
      payment_request_currency: 'GBP',
      payment_request_description: 'Piano lesson',
      mandate_request_scheme: 'bacs',
    });
    const page = await admin.get(`/dashboard/payment-links/templates/${id}?done=created`);
    expect(page.status).toBe(200);
    expect(linkOf(page.html)).toBe(wire.authorisation_url);
    expect(page.html).toContain('£12.50');
    expect(page.html).toContain('class="notice"');
    const qr = new URL(wire.authorisation_url).pathname;
    expect(page.html).toContain(`src="${qr}/qr.svg"`);
    const png = await fetchBytes(server.url, /href="([^"]+qr\.png)"/.exec(page.html)![1]!);
    expect(png.type).toBe('image/png');
    expect(readPngQr(png.body)).toBe(wire.authorisation_url);
    const svg = await fetchBytes(server.url, /href="([^"]+qr\.svg)"/.exec(page.html)![1]!);
    expect(svg.type).toBe('image/svg+xml');
    expect(readSvgQr(svg.body.toString())).toBe(wire.authorisation_url);
    expect(rowIds((await admin.get('/dashboard/payment-links/templates')).html, 'BRT')).toContain(id);
  });

  it('lists the organisation’s templates 25 a page, on a cursor', async () => {
    const { services } = server;
    const made: TemplateRow[] = await services.db.transaction(async (tx) => {
      const rows = [];
      for (let i = 0; i < 26; i++)
        rows.push(
          await services.billingRequestTemplates.create(tx, actor(), {
            payment_request_amount: 100 + i,
            payment_request_currency: 'EUR',
          }),
        );
      return rows;
    });
    const newest = made.map((t) => t.id).reverse();
    const first = await admin.get('/dashboard/payment-links/templates');
    expect(rowIds(first.html, 'BRT')).toEqual(newest.slice(0, 25));
    const older = /href="(\/dashboard\/payment-links\/templates\?after=BRT[0-9A-Z]+)"/.exec(first.html)![1]!;
    expect(rowIds((await admin.get(older)).html, 'BRT')[0]).toBe(newest[25]);
  });
});

describe('what a reusable link produces', () => {
  it('gives each payer a billing request of their own, listed with its status on the template’s page', async () => {
    const id = await makeTemplate({ ...GOOD, description: 'Two payers' });
    const oneOff = await post(
      m.api,
      '/billing_requests',
      { billing_requests: { payment_request: { amount: 100, currency: 'GBP' } } },
      201,
    );
    await payerThrough(id, 'first.payer@example.com', true);
    await payerThrough(id, 'second.payer@example.com', false);
    const page = await admin.get(`/dashboard/payment-links/templates/${id}`);
    const requests = rowIds(page.html, 'BRQ');
    expect(requests).toHaveLength(2);
    expect(requests).not.toContain(oneOff.billing_requests.id);
    const [second, first] = requests as [string, string];
    const apiOf = async (brq: string) => (await m.api.get(`/billing_requests/${brq}`)).body.billing_requests;
    expect(await apiOf(first)).toMatchObject({ status: 'fulfilled', payment_request: { amount: 1250 } });
    expect((await apiOf(second)).status).not.toBe('fulfilled');
    expect(page.html).toMatch(new RegExp(`${first}</a></td><td>first\\.payer@example\\.com</td><td[^>]*>fulfilled<`));
    expect(page.html).toMatch(new RegExp(`${second}</a></td><td>second\\.payer@example\\.com</td>`));
    expect((await admin.get(`/dashboard/billing-requests/${first}`)).status).toBe(200);
  });

  it('pages the template’s billing requests 25 at a time, on a cursor', async () => {
    const id = await makeTemplate({ ...GOOD, description: 'Many payers' });
    const { services } = server;
    const row = await services.billingRequestTemplates.get(services.db, actor(), id);
    const flows = await services.db.transaction(async (tx) => {
      const made = [];
      for (let i = 0; i < 26; i++) made.push(await services.billingRequestTemplates.openForPayer(tx, row));
      return made;
    });
    const newest = flows.map((f) => f.billing_request_id).reverse();
    const base = `/dashboard/payment-links/templates/${id}`;
    // Opened as after making it: the pager's links leave the notice behind.
    const first = await admin.get(`${base}?done=created`);
    expect(rowIds(first.html, 'BRQ')).toEqual(newest.slice(0, 25));
    const older = new RegExp(`href="(${base}\\?after=BRQ[0-9A-Z]+)"`).exec(first.html)![1]!;
    expect(rowIds((await admin.get(older)).html, 'BRQ')).toEqual(newest.slice(25));
  });
});

describe('changing a reusable link', () => {
  it('replaces the form’s fields as the API’s PUT does, keeps what the form does not show, and not what was made', async () => {
    const api = {
      name: 'Yoga',
      payment_request_amount: 1500,
      payment_request_currency: 'GBP',
      payment_request_description: 'One class',
      metadata: { shop: 'north' },
      redirect_uri: 'https://merchant.example/thanks',
    };
    const wire = (await post(m.api, '/billing_request_templates', { billing_request_templates: api }, 201))
      .billing_request_templates;
    await payerThrough(wire.id, 'before.change@example.com', false);
    const edit = `/dashboard/payment-links/templates/${wire.id}/edit`;
    const form = await admin.get(edit);
    expect(form.status).toBe(200);
    expect(form.html).toContain('value="15.00"');
    expect(form.html).toContain('value="One class"');
    const csrf = admin.csrfOf(form.html);
    const bad = await admin.post(edit, { csrf, ...GOOD, amount: '0' });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('id="amount-error"');
    const saved = await admin.post(edit, { csrf, description: 'Two classes', amount: '28', currency: 'GBP', name: '' });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe(`/dashboard/payment-links/templates/${wire.id}?done=saved`);
    const after = (await m.api.get(`/billing_request_templates/${wire.id}`)).body.billing_request_templates;
    expect(after).toMatchObject({
      payment_request_amount: '28.00',
      payment_request_description: 'Two classes',
      metadata: { shop: 'north' },
      redirect_uri: 'https://merchant.example/thanks',
    });
    // The name left empty is cleared, as a PUT that sends it as null clears it: null, as the real
    // API sends an empty attribute (decision 0083).
    expect(after.name).toBeNull();
    const page = await admin.get(`/dashboard/payment-links/templates/${wire.id}`);
    const [made] = rowIds(page.html, 'BRQ');
    const request = (await m.api.get(`/billing_requests/${made}`)).body.billing_requests;
    expect(request.payment_request).toMatchObject({ amount: 1500, description: 'One class' });
  });
});

describe('who may do what', () => {
  it('lets a viewer read but refuses their writes (403), refuses a forged form (403), and shows other organisations nothing (404)', async () => {
    const id = await makeTemplate({ ...GOOD, description: 'Guarded' });
    const before = (await m.api.get(`/billing_request_templates/${id}`)).body.billing_request_templates;
    const count = (await templatesOfM()).length;
    const page = `/dashboard/payment-links/templates/${id}`;
    const viewer = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
    for (const path of ['/dashboard/payment-links/templates', NEW, page, `${page}/edit`])
      expect((await viewer.get(path)).status, path).toBe(200);
    expect((await viewer.get(page)).html).not.toContain(`href="${page}/edit"`);
    const csrf = await csrfAt(viewer);
    expect((await viewer.post(NEW, { csrf, ...GOOD })).status).toBe(403);
    expect((await viewer.post(`${page}/edit`, { csrf, ...GOOD, amount: '1' })).status).toBe(403);
    expect((await admin.post(`${page}/edit`, { csrf: 'forged', ...GOOD, amount: '1' })).status).toBe(403);
    expect((await admin.post(NEW, { csrf: 'forged', ...GOOD })).status).toBe(403);

    const other = await server.merchant('Someone else');
    const stranger = await signedInAs(server, (await dashboardUser(server, other.organisationId, 'admin')).email);
    for (const path of [page, `${page}/edit`, '/dashboard/payment-links/templates/BRT0000NOSUCH'])
      expect((await stranger.get(path)).status, path).toBe(404);
    const strangerCsrf = await csrfAt(stranger);
    expect((await stranger.post(`${page}/edit`, { csrf: strangerCsrf, ...GOOD, amount: '1' })).status).toBe(404);
    expect(rowIds((await stranger.get('/dashboard/payment-links/templates')).html, 'BRT')).toEqual([]);

    expect((await m.api.get(`/billing_request_templates/${id}`)).body.billing_request_templates).toEqual(before);
    expect(await templatesOfM()).toHaveLength(count);
  });
});
