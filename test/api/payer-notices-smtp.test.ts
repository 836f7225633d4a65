import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '../../server/domain/notifications/queries';
import { startTestServer, type TestServer } from '../support/server';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest, post } from '../support/journeys';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue 21: the payer notices reach a real SMTP server (smtp-server in this process), parsed with
 * mailparser: recipient, subject and language, amounts and dates, the scheme's text, escaping of
 * merchant and payer text, header injection neutralised, and each notice sent once.
 */
const EVIL = '<script>alert(1)</script> & "Co"\r\nBcc: victim@example.net';
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpReceiver({ reject: ['bounce@example.com'] });
  server = await startTestServer({
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'notices@bankflow.test' },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const mailsTo = (address: string) => smtp.received.filter((m) => m.envelopeTo.includes(address));

describe('payer notices over SMTP', () => {
  it('confirms a Bacs mandate and gives advance notice of a payment, in French, escaped, once each', async () => {
    const m = await server.merchant(EVIL);
    const email = 'paulette@example.com';
    const { mandateId } = await createMandateViaBillingRequest(m, {
      currency: 'GBP',
      customerDetails: {
        customer: { ...CUSTOMER_DETAILS.GBP.customer, email, language: 'fr', given_name: '<b>Paulette</b>' },
        customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
      },
    });
    const payment = (
      await post(
        m.api,
        '/payments',
        {
          payments: {
            amount: 2500,
            currency: 'GBP',
            description: '<img src=x onerror=alert(1)>',
            links: { mandate: mandateId },
          },
        },
        201,
      )
    ).payments;
    // Nothing is sent inside the request: the notices wait in the outbox until the sender runs.
    expect(mailsTo(email)).toHaveLength(0);
    expect(await server.services.deliverNotifications()).toBe(2);
    expect(await server.services.deliverNotifications()).toBe(0);

    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(smtp.auths).toContain('notices:secret');
    for (const mail of mails) {
      expect(mail.envelopeTo).toEqual([email]);
      expect(mail.parsed.headers.get('bcc')).toBeUndefined();
      // CR/LF in the creditor's name never reach the header block (the body may wrap anywhere).
      expect(mail.raw.split(/\r?\n\r?\n/)[0]).not.toMatch(/^Bcc:/im);
      expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
      expect(mail.parsed.from?.value[0]?.address).toBe('notices@bankflow.test');
      expect(mail.parsed.headers.get('content-language')).toBe('fr');
      expect(mail.parsed.text).toBeTruthy();
      const html = String(mail.parsed.html);
      expect(Buffer.byteLength(html)).toBeLessThanOrEqual(30 * 1024);
      expect(html).toMatch(/<html[^>]* lang="fr"/);
      // Markup from the merchant and the payer arrives as text, never as markup.
      expect(html).not.toContain('<script>');
      expect(html).not.toContain('<b>Paulette');
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(mail.parsed.text).toContain('<script>alert(1)</script>');
    }
    const confirmation = mails.find((x) => x.parsed.subject?.startsWith('Votre prélèvement avec'))!;
    expect(confirmation.parsed.subject).toContain('<script>alert(1)</script> & "Co" Bcc: victim@example.net Ltd');
    expect(confirmation.parsed.text).toContain('La garantie Direct Debit');
    const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
    expect(confirmation.parsed.text).toContain(mandate.reference);

    const notice = mails.find((x) => x.parsed.subject?.endsWith('va prélever un paiement'))!;
    expect(notice).toBeDefined();
    const text = notice.parsed.text!.replace(/\s+/g, ' ');
    expect(text).toMatch(/25,00\s£/);
    const longDate = new Intl.DateTimeFormat('fr', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${payment.charge_date}T00:00:00Z`),
    );
    expect(text).toContain(longDate.replace(/\s+/g, ' '));
    expect(text).toContain('<img src=x onerror=alert(1)>');

    const rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
    expect(rows.map((r) => [r.notice_type, r.status, r.attempts]).sort()).toEqual([
      ['mandate_created', 'sent', 1],
      ['payment_created', 'sent', 1],
    ]);
  });

  it('a payer without an address and a hard bounce fail with their reason; nothing else is lost', async () => {
    const m = await server.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, {
      currency: 'GBP',
      customerDetails: {
        customer: { ...CUSTOMER_DETAILS.GBP.customer, email: 'bounce@example.com' },
        customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
      },
    });
    await post(m.api, '/payments', { payments: { amount: 100, currency: 'GBP', links: { mandate: mandateId } } }, 201);
    await server.services.deliverNotifications();
    const rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('failed');
      expect(row.failure_reason).toBe('rejected_address');
    }
    expect(mailsTo('bounce@example.com')).toHaveLength(0);

    // A payer whose address is gone: the notice is written failed at once and never tried.
    const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
    const cleared = await m.api.put(`/customers/${mandate.links.customer}`, { customers: { email: null } });
    expect(cleared.status).toBe(200);
    await post(m.api, '/payments', { payments: { amount: 200, currency: 'GBP', links: { mandate: mandateId } } }, 201);
    const [latest] = await listNotifications(server.services.db, { organisationId: m.organisationId });
    expect(latest).toMatchObject({
      notice_type: 'payment_created',
      status: 'failed',
      failure_reason: 'no_usable_address',
      attempts: 0,
    });
    expect(await server.services.deliverNotifications()).toBe(0);
  });

  it('SEPA in Spanish: a subscription lists the payments ahead; a refused request queues nothing', async () => {
    const m = await server.merchant();
    const email = 'jose@example.es';
    const { mandateId } = await createMandateViaBillingRequest(m, {
      currency: 'EUR',
      customerDetails: {
        customer: { ...CUSTOMER_DETAILS.EUR.customer, email, language: 'es' },
        customer_billing_detail: CUSTOMER_DETAILS.EUR.customer_billing_detail,
      },
    });
    const before = (await listNotifications(server.services.db, { organisationId: m.organisationId })).length;
    const refused = await m.api.post('/payments', {
      payments: { amount: 100, currency: 'EUR', charge_date: '2020-01-01', links: { mandate: mandateId } },
    });
    expect(refused.status).toBe(422);
    expect(await listNotifications(server.services.db, { organisationId: m.organisationId })).toHaveLength(before);

    const subscription = (
      await post(
        m.api,
        '/subscriptions',
        {
          subscriptions: {
            amount: 1500,
            currency: 'EUR',
            interval_unit: 'monthly',
            name: 'Gym <i>plus</i>',
            links: { mandate: mandateId },
          },
        },
        201,
      )
    ).subscriptions;
    await server.services.deliverNotifications();
    const mail = mailsTo(email).find((x) => x.parsed.subject?.startsWith('Sus pagos periódicos'))!;
    expect(mail).toBeDefined();
    const text = mail.parsed.text!.replace(/\s+/g, ' ');
    expect(text.match(/15,00 €/g)).toHaveLength(12);
    const first = subscription.upcoming_payments[0].charge_date as string;
    const long = new Intl.DateTimeFormat('es', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${first}T00:00:00Z`),
    );
    expect(text).toContain(long.replace(/\s+/g, ' '));
    expect(text).toContain('Gym <i>plus</i>');
    expect(String(mail.parsed.html)).not.toContain('<i>plus');
    expect(mailsTo(email).filter((x) => x.parsed.subject === mail.parsed.subject)).toHaveLength(1);
  });
});
