import https from 'node:https';
import gocardless, { Environments } from 'gocardless-nodejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setTakeover } from '../../server/domain/notifications/takeover-queries';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpReceiver } from '../support/smtp';

/**
 * The real official Node client (gocardless-nodejs, unchanged): a merchant that took payment
 * notices over reads `customer_notifications` from the payment's event and calls
 * `customerNotifications.handle` — before the deadline the notice is never mailed; after it the
 * client gets an InvalidStateError and the service has mailed the notice, once.
 */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let server: TestServer;
let m: Merchant;
let client: ReturnType<typeof gocardless>;
let mandateId: string;
const clock = new ManualClock('2026-03-02T09:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startTestServer({
    clock,
    env: { VERSION_HEADER: 'GoCardless-Version', SMTP_URL: smtp.url, MAIL_FROM: 'notices@bankflow.test' },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
  });
  m = await server.merchant();
  await setTakeover(server.services.db, m.creditorId, 'payment_created', true, clock.now());
  ({ mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' }));
  const base = new URL(server.url);
  const agent = new https.Agent({
    host: base.hostname,
    port: Number(base.port),
    servername: base.hostname,
    rejectUnauthorized: false,
  });
  client = gocardless(m.token, Environments.Sandbox, { proxy: { https: agent } } as never);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** A payment made with the client, and the notice its `created` event hands the merchant. */
async function paymentNotice(amount: number) {
  const payment = await client.payments.create({ amount, currency: 'GBP', links: { mandate: mandateId } } as never);
  const { events } = await client.events.list({ payment: payment.id!, action: 'created' } as never);
  expect(events).toHaveLength(1);
  const [notice] = events[0]!.customer_notifications!;
  expect(notice).toMatchObject({ type: 'payment_created', mandatory: true });
  return notice!;
}

const mailsWith = (text: string) => smtp.received.filter((x) => x.parsed.text?.includes(text));

describe('customerNotifications.handle through the official client', () => {
  it('before the deadline: handled, and never mailed', async () => {
    const notice = await paymentNotice(4321);
    const handled = await client.customerNotifications.handle(notice.id!);
    expect(handled).toMatchObject({ id: notice.id, type: 'payment_created', action_taken: 'handled' });
    expect(handled.action_taken_at).toBe(clock.now().toISOString());
    // Idempotent: a retried call answers the same.
    expect((await client.customerNotifications.handle(notice.id!)).action_taken_at).toBe(handled.action_taken_at);
    clock.set(new Date(new Date(notice.deadline!).getTime() + 60 * 60_000));
    await server.services.deliverNotifications();
    expect(mailsWith('£43.21')).toHaveLength(0);
  });

  it('after the deadline: InvalidStateError already_actioned, and the service mailed it once', async () => {
    clock.set('2026-03-04T09:00:00Z');
    const notice = await paymentNotice(8765);
    clock.set(notice.deadline!);
    await server.services.deliverNotifications();
    const refused = await client.customerNotifications.handle(notice.id!).then(
      () => null,
      (error: unknown) =>
        error as { errorType: string; errors: { reason: string }[]; code: number; constructor: { name: string } },
    );
    expect(refused?.code).toBe(422);
    expect(refused?.constructor.name).toBe('InvalidStateError');
    expect(refused?.errorType).toBe('invalid_state');
    expect(refused?.errors[0]?.reason).toBe('already_actioned');
    expect(mailsWith('£87.65')).toHaveLength(1);
    await server.services.deliverNotifications();
    expect(mailsWith('£87.65')).toHaveLength(1);
  });

  it('an unknown notification: InvalidApiUsageError resource_not_found (404)', async () => {
    const missing = await client.customerNotifications.handle('NT00000000000000000000000000').then(
      () => null,
      (error: unknown) => error as { errors: { reason: string }[]; code: number; constructor: { name: string } },
    );
    expect(missing?.code).toBe(404);
    expect(missing?.errors[0]?.reason).toBe('resource_not_found');
  });
});
