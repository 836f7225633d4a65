import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { listNotifications } from '../../server/domain/notifications/queries';
import { createNotificationDelivery, RETRY_BASE_MS } from '../../server/jobs/notification-delivery';
import { renderNotice } from '../../server/mail/render';
import { createSmtpMailer } from '../../server/mail/transport';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue 21 § 3: an SMTP server that is down delays mail and never fails a request; once it is back
 * each notice arrives once. Two senders working the same outbox at once send each notice once.
 */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;
const clock = new ManualClock('2026-03-02T09:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    clock,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'notices@bankflow.test' },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('payer notices when SMTP is down, and with two senders', () => {
  it('SMTP down: requests succeed, notices wait and back off; SMTP up: each is delivered once', async () => {
    const port = smtp.port;
    await smtp.close();
    const m = await server.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const started = Date.now();
    await post(m.api, '/payments', { payments: { amount: 4200, currency: 'GBP', links: { mandate: mandateId } } }, 201);
    expect(Date.now() - started).toBeLessThan(5_000);

    expect(await server.services.deliverNotifications()).toBe(0);
    let rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1, failure_reason: null });
      expect(row.last_error).toBeTruthy();
      expect(row.next_attempt_at!.getTime()).toBe(clock.now().getTime() + RETRY_BASE_MS);
    }
    // Not due yet: nothing is tried again before the back-off.
    expect(await server.services.deliverNotifications()).toBe(0);
    expect((await listNotifications(server.services.db, { organisationId: m.organisationId }))[0]!.attempts).toBe(1);

    smtp = await startSmtpReceiver({ port });
    clock.advance(RETRY_BASE_MS);
    expect(await server.services.deliverNotifications()).toBe(2);
    clock.advance(24 * 60 * 60_000);
    expect(await server.services.deliverNotifications()).toBe(0);
    rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ]);
    const to = smtp.received.filter((x) => x.envelopeTo.includes('jane@example.com'));
    expect(to).toHaveLength(2);
    expect(new Set(to.map((x) => x.parsed.subject)).size).toBe(2);
  });

  it('two senders on one outbox send each notice exactly once', async () => {
    const m = await server.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    for (let i = 0; i < 6; i++)
      await post(
        m.api,
        '/payments',
        { payments: { amount: 100 + i, currency: 'GBP', links: { mandate: mandateId } } },
        201,
      );
    const before = smtp.received.length;
    const sender = () =>
      createNotificationDelivery({
        db: server.services.db,
        clock,
        ids: server.services.ids,
        logger: server.services.logger,
        mailer: createSmtpMailer({ url: smtp.url, from: 'notices@bankflow.test' }),
        contentFor: server.services.notifications.contentFor,
        render: renderNotice,
        concurrency: 2,
      });
    const [a, b] = await Promise.all([sender()(), sender()()]);
    expect(a + b).toBe(7);
    const received = smtp.received.slice(before);
    expect(received).toHaveLength(7);
    const amounts = received.map((x) => x.parsed.text!.match(/£1\.0\d/)?.[0]).filter(Boolean);
    expect(new Set(amounts).size).toBe(6);
    const rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

describe('DKIM', () => {
  it('signs each mail when DKIM is configured', async () => {
    const { generateKeyPairSync } = await import('node:crypto');
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const mailer = createSmtpMailer({
      url: smtp.url,
      from: 'notices@bankflow.test',
      dkim: {
        domainName: 'bankflow.test',
        keySelector: 'mail2026',
        privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    const before = smtp.received.length;
    await mailer.send({
      to: 'dkim@example.com',
      organisationId: 'OR00000000000000000000000000',
      subject: 'Signed',
      text: 'Hello',
      html: '<p>Hello</p>',
      language: 'en',
    });
    mailer.close();
    const [mail] = smtp.received.slice(before);
    // Headers unfolded (a long DKIM-Signature is folded over several lines).
    const headers = mail!.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    const signature = headers.match(/^DKIM-Signature:.*$/im)?.[0] ?? '';
    expect(signature).toContain('d=bankflow.test');
    expect(signature).toContain('s=mail2026');
  });
});
