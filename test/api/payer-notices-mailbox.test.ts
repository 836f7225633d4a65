import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMailboxMessages } from '../../server/domain/notifications/mailbox-queries';
import { PageClient } from '../support/browser';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 21 § 4: with no SMTP_URL the notices go to the embedded mailbox, readable at
 * /sandbox/mailbox (each mail in a sandboxed srcdoc frame); live has no such page.
 */
let server: TestServer;
let live: TestServer;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0, notificationIntervalMs: 0 });
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

describe('the embedded mailbox', () => {
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

    const pages = new PageClient(server.url);
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
