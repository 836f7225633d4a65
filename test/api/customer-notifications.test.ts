import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '../../server/domain/notifications/queries';
import { setTakeover } from '../../server/domain/notifications/takeover-queries';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startReceiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue 21 § 5: a merchant takes a notice type over. The event that would have caused the notice
 * names it in `customer_notifications` (also in the webhook); the service waits until the deadline
 * (the end of the scheme's submission day, decision 0038); `handle` before then means it is never
 * mailed, after it `handle` is refused and the service mails it, once.
 */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let server: TestServer;
let m: Merchant;
let mandateId: string;
// Monday 2 March 2026, 09:00 in London (GMT): the Bacs submission day ends at midnight.
const clock = new ManualClock('2026-03-02T09:00:00Z');
const DEADLINE = '2026-03-03T00:00:00.000Z';

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  receiver = await startReceiver();
  server = await startTestServer({
    clock,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'notices@bankflow.test' },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: receiver.sender(), timeoutMs: 5000 },
  });
  m = await server.merchant();
  await setTakeover(server.services.db, m.creditorId, 'payment_created', true, clock.now());
  ({ mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' }));
  await server.services.webhookEndpoints.create(server.services.db, m.organisationId, receiver.url);
  // The mandate's confirmation is not taken over: it goes at once.
  expect(await server.services.deliverNotifications()).toBe(1);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await receiver?.close();
});

async function payment(amount: number) {
  const created = (
    await post(m.api, '/payments', { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } }, 201)
  ).payments;
  const [event] = (await m.api.get(`/events?payment=${created.id}&action=created`)).body.events;
  return { payment: created, event };
}

const mailsFor = (amount: string) => smtp.received.filter((x) => x.parsed.text?.includes(amount));
const handle = (id: string, api = m.api) => api.post(`/customer_notifications/${id}/actions/handle`, { data: {} });

describe('a notice the merchant took over', () => {
  it('is named on its event and in the webhook; handled before the deadline, it is never mailed', async () => {
    const { payment: p, event } = await payment(1111);
    expect(event.customer_notifications).toEqual([
      { id: expect.stringMatching(/^NT[0-9A-Z]{26}$/), type: 'payment_created', deadline: DEADLINE, mandatory: true },
    ]);
    const notice = event.customer_notifications[0].id as string;
    // Events nothing was taken over for carry none.
    const [mandateEvent] = (await m.api.get(`/events?mandate=${mandateId}&action=created`)).body.events;
    expect(mandateEvent.customer_notifications).toBeNull();

    await server.webhookWorker.runDue();
    const hooked = receiver.received.flatMap((r) => r.body.events).find((e) => e.id === event.id);
    expect(hooked?.customer_notifications).toEqual(event.customer_notifications);

    // Not due before the deadline: the sender leaves it to the merchant.
    expect(await server.services.deliverNotifications()).toBe(0);
    clock.advance(60_000);
    const handled = await handle(notice);
    expect(handled.status).toBe(200);
    expect(handled.body.customer_notifications).toEqual({
      id: notice,
      type: 'payment_created',
      action_taken: 'handled',
      action_taken_at: '2026-03-02T09:01:00.000Z',
      action_taken_by: m.tokenId,
      links: { customer: expect.stringMatching(/^CU/), event: event.id, mandate: mandateId, payment: p.id },
    });
    // Twice: the same answer, nothing changed.
    clock.advance(60_000);
    const again = await handle(notice);
    expect(again.status).toBe(200);
    expect(again.body.customer_notifications).toEqual(handled.body.customer_notifications);

    clock.set('2026-03-03T09:00:00Z');
    expect(await server.services.deliverNotifications()).toBe(0);
    expect(mailsFor('£11.11')).toHaveLength(0);
    // Past the deadline a handled notice stays handled, and handling it again still answers it.
    expect((await handle(notice)).body.customer_notifications.action_taken).toBe('handled');
    const [row] = (await listNotifications(server.services.db, { organisationId: m.organisationId })).filter(
      (n) => n.id === notice,
    );
    expect(row).toMatchObject({ status: 'handled', attempts: 0, sent_at: null });
  });

  it('not handled by the deadline: handle is refused with invalid_state and the service mails it, once', async () => {
    clock.set('2026-03-04T10:00:00Z');
    const { event } = await payment(2222);
    const notice = event.customer_notifications[0].id as string;
    expect(event.customer_notifications[0].deadline).toBe('2026-03-05T00:00:00.000Z');
    expect(await server.services.deliverNotifications()).toBe(0);

    clock.set('2026-03-05T00:00:00Z');
    const late = await handle(notice);
    expect(late.status).toBe(422);
    expect(late.body.error.type).toBe('invalid_state');
    expect(late.body.error.errors[0].reason).toBe('already_actioned');
    expect(await server.services.deliverNotifications()).toBe(1);
    expect(await server.services.deliverNotifications()).toBe(0);
    expect(mailsFor('£22.22')).toHaveLength(1);
    expect(mailsFor('£22.22')[0]!.envelopeTo).toEqual(['jane@example.com']);
    // Sent: still refused, still mailed once.
    expect((await handle(notice)).status).toBe(422);
    expect(await server.services.deliverNotifications()).toBe(0);
    expect(mailsFor('£22.22')).toHaveLength(1);
  });

  it('answers 404 for an unknown id, another organisation’s, and a notice that was never taken over', async () => {
    clock.set('2026-03-09T09:00:00Z');
    const { event } = await payment(3333);
    const notice = event.customer_notifications[0].id as string;
    const other = await server.merchant();
    const theirs = await handle(notice, other.api);
    const unknown = await handle('NT00000000000000000000000000');
    for (const res of [theirs, unknown]) {
      expect(res.status).toBe(404);
      expect(res.body.error.type).toBe('invalid_api_usage');
      expect(res.body.error.errors[0].reason).toBe('resource_not_found');
    }
    // The mandate's confirmation is the service's own notice: there is nothing to handle.
    const own = (await listNotifications(server.services.db, { organisationId: m.organisationId })).find(
      (n) => n.notice_type === 'mandate_created',
    )!;
    expect((await handle(own.id)).status).toBe(404);
    // A read-only token may not handle; and an action takes no fields.
    const readOnly = await handle(notice, m.readOnly);
    expect(readOnly.status).toBe(403);
    expect(readOnly.body.error.errors[0].reason).toBe('insufficient_permissions');
    const extra = await m.api.post(`/customer_notifications/${notice}/actions/handle`, { data: { sent: true } });
    expect(extra.status).toBeGreaterThanOrEqual(400);
    expect(extra.status).toBeLessThan(500);
    // None of that touched it: the merchant can still handle it.
    const [row] = (await listNotifications(server.services.db, { organisationId: m.organisationId })).filter(
      (n) => n.id === notice,
    );
    expect(row).toMatchObject({ status: 'pending', action_taken: null });
    expect((await handle(notice)).status).toBe(200);
  });
});
