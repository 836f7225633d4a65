import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMailboxMessages } from '../../server/domain/notifications/mailbox-queries';
import { PageClient } from '../support/browser';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest, post } from '../support/journeys';
import { dashboardUser, signedInAs } from '../support/dashboard';
import type { Merchant } from '../support/factories';
import { startPagesServer } from '../support/pages';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21 § 4: with no SMTP_URL the notices go to the embedded mailbox, readable at
 * /sandbox/mailbox (each mail in a sandboxed srcdoc frame); live has no such page. A signed-in
 * dashboard user reads their organisation's mail only (issue 40.5, decision 0064).
 */
let server: TestServer;
let live: TestServer;

beforeAll(async () => {
  server = await startPagesServer({ schemeClockIntervalMs: 0, notificationIntervalMs: 0 });
  live = await startTestServer({
    env: { ENVIRONMENT: 'live', SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'n@bankflow.test' },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
  });
});
afterAll(async () => {
  await server?.close();
  await live?.close();
});

/** A signed-in user of the merchant's organisation, given their pass to the mailbox by the dashboard. */
async function mailboxReader(m: Merchant) {
  const browser = await signedInAs(server, (await dashboardUser(server, m.organisationId, 'viewer')).email);
  const pass = await browser.get('/dashboard/mailbox');
  expect(pass.status).toBe(303);
  expect(pass.location).toBe('/sandbox/mailbox');
  expect(String(pass.headers['set-cookie'])).toMatch(
    /bf_mailbox=[^;]+; Path=\/sandbox\/mailbox; Max-Age=3600; HttpOnly; Secure; SameSite=Lax/,
  );
  return browser;
}

describe('the embedded mailbox', () => {
  it("shows a signed-in user their organisation's mail only; without a pass it sends to the dashboard", async () => {
    const [mine, theirs] = [await server.merchant(), await server.merchant()];
    for (const [m, email] of [
      [mine, 'mine@example.com'],
      [theirs, 'theirs@example.com'],
    ] as const)
      await createMandateViaBillingRequest(m, {
        currency: 'GBP',
        customerDetails: {
          customer: { ...CUSTOMER_DETAILS.GBP.customer, email },
          customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
        },
      });
    await server.services.deliverNotifications();
    const theirMail = (await listMailboxMessages(server.services.db)).find(
      (x) => x.recipient === 'theirs@example.com',
    )!;
    expect(theirMail.organisation_id).toBe(theirs.organisationId);

    const reader = await mailboxReader(mine);
    const list = await reader.get('/sandbox/mailbox');
    expect(list.status).toBe(200);
    expect(list.html).toContain('mine@example.com');
    expect(list.html).not.toContain('theirs@example.com');
    expect((await reader.get(`/sandbox/mailbox/${theirMail.id}`)).status).toBe(404);

    // No pass (several organisations here, so no local default): to the dashboard, which asks to sign in.
    const stranger = new PageClient(server.url);
    for (const path of ['/sandbox/mailbox', `/sandbox/mailbox/${theirMail.id}`]) {
      const away = await stranger.get(path);
      expect(away.status, path).toBe(303);
      expect(away.location).toBe('/dashboard/mailbox');
    }
    const signIn = await stranger.get('/dashboard/mailbox');
    expect(signIn.status).toBe(303);
    expect(signIn.location).toBe('/dashboard/sign-in?next=%2Fdashboard%2Fmailbox');
    // A pass not made by this server opens nothing.
    const forged = await stranger.get('/sandbox/mailbox', { cookie: 'bf_mailbox=eyJhbGciOiJkaXIifQ..x.y.z' });
    expect(forged.status).toBe(403);
    expect(forged.html).not.toContain('@example.com');
  });

  it('keeps each notice once and shows it, escaped, in a sandboxed frame', async () => {
    const m = await server.merchant('Mailbox <b>Merchant</b>');
    const { mandateId } = await createMandateViaBillingRequest(m, {
      currency: 'GBP',
      customerDetails: {
        customer: { ...CUSTOMER_DETAILS.GBP.customer, email: 'box@example.com', language: 'de' },
        customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
      },
    });
    await post(m.api, '/payments', { payments: { amount: 1234, currency: 'GBP', links: { mandate: mandateId } } }, 201);
    expect(await server.services.deliverNotifications()).toBe(2);
    expect(await server.services.deliverNotifications()).toBe(0);
    const mails = (await listMailboxMessages(server.services.db)).filter((x) => x.recipient === 'box@example.com');
    expect(mails.map((x) => x.subject).sort()).toEqual([
      'Ihre Lastschrift für Mailbox <b>Merchant</b> Ltd ist eingerichtet',
      'Mailbox <b>Merchant</b> Ltd wird eine Zahlung einziehen',
    ]);

    const pages = await mailboxReader(m);
    const list = await pages.get('/sandbox/mailbox');
    expect(list.status).toBe(200);
    expect(list.html).toContain('Mailbox &lt;b&gt;Merchant&lt;/b&gt; Ltd wird eine Zahlung einziehen');
    expect(list.html).not.toContain('<b>Merchant');
    const notice = mails.find((x) => x.subject.includes('Zahlung'))!;
    expect(list.html).toContain(`/sandbox/mailbox/${notice.id}`);

    const one = await pages.get(`/sandbox/mailbox/${notice.id}`);
    expect(one.status).toBe(200);
    expect(one.html).toMatch(/<iframe [^>]*sandbox=""[^>]*srcdoc="[^"]*&lt;html/);
    expect(one.html).not.toMatch(/<iframe [^>]*allow-scripts/);
    expect(one.html).toContain('12,34');
    expect(String(one.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(one.headers['x-frame-options']).toBe('DENY');

    expect((await pages.get('/sandbox/mailbox/MM00000000000000000000000000')).status).toBe(404);
    expect((await pages.get('/sandbox/mailbox/%3Cscript%3E')).status).toBe(404);
  });

  it('live has no mailbox page', async () => {
    expect((await new PageClient(live.url).get('/sandbox/mailbox')).status).toBe(404);
  });
});
