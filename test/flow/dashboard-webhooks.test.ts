import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csrfAt, dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { startPagesServer } from '../support/pages';
import type { TestServer } from '../support/server';

/**
 * Webhook endpoints in the dashboard, through the same services as the CLI: made with the secret
 * shown once, each action asked first, a rotation showing the new secret once, a test delivery
 * queued and listed on the endpoint's page.
 */
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startPagesServer({ webhookDelivery: { intervalMs: 0 } });
  m = await server.merchant();
});
afterAll(() => server?.close());

const secretIn = (html: string) => /data-testid="new-secret">([^<]+)</.exec(html)?.[1];

describe('dashboard webhook endpoints', () => {
  it('creates, rotates, disables, enables and tests an endpoint, each confirmed first', async () => {
    const { email } = await dashboardUser(server, m.organisationId, 'admin');
    const browser = await signedInAs(server, email);
    const csrf = await csrfAt(browser, '/dashboard/developers/webhooks');

    const refused = await browser.post('/dashboard/developers/webhooks?index', { csrf, url: 'ftp://nope' });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain('Enter a web address starting with https://');
    expect(refused.html).toMatch(/id="url"[^>]*value="ftp:\/\/nope"/);
    // An internal address (issue 40.3): refused by the same check as the CLI's.
    const internal = await browser.post('/dashboard/developers/webhooks?index', {
      csrf,
      url: 'http://169.254.169.254/latest/meta-data/',
    });
    expect(internal.status).toBe(400);
    expect(
      await server.services.webhookEndpoints.list(server.services.db, { organisationId: m.organisationId }),
    ).toEqual([]);

    const made = await browser.post('/dashboard/developers/webhooks?index', {
      csrf,
      url: 'https://merchant.example/hooks',
    });
    expect(made.status).toBe(200);
    const secret = secretIn(made.html)!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await browser.get('/dashboard/developers/webhooks');
    expect(list.html).not.toContain(secret);
    const id = /href="\/dashboard\/developers\/webhooks\/(WE[0-9A-Z]{26})"/.exec(list.html)![1]!;
    const page = `/dashboard/developers/webhooks/${id}`;

    // Asking is not doing: the confirmation page changes nothing.
    expect((await browser.get(`${page}/rotate`)).status).toBe(200);
    const rotated = await browser.post(`${page}/rotate`, { csrf });
    expect(rotated.status).toBe(200);
    const next = secretIn(rotated.html)!;
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(secret);
    expect((await browser.get(page)).html).not.toContain(next);

    expect((await browser.post(`${page}/disable`, { csrf })).location).toBe(`${page}?done=disable`);
    expect((await server.services.webhookEndpoints.get(server.services.db, 'operator', id)).enabled).toBe(false);
    expect((await browser.post(`${page}/enable`, { csrf })).location).toBe(`${page}?done=enable`);
    expect((await server.services.webhookEndpoints.get(server.services.db, 'operator', id)).enabled).toBe(true);

    expect((await browser.post(`${page}/test`, { csrf })).status).toBe(303);
    const shown = await browser.get(`${page}?done=test`);
    expect(shown.html).toContain('A test webhook is on its way.');
    expect(shown.html).toMatch(/\(test\)<\/td><td><code>pending<\/code>/);
    expect((await browser.get(`${page}/nonsense`)).status).toBe(404);
  });
});
