import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listNotifications } from '../../server/domain/notifications/queries';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue 21 § 3 and decision 0038: a notice that will never be sent (no usable address, a hard
 * bounce) is failed with its reason and shows as a `customer_notification_failed` event on the
 * resource it is about, linked to the payer and to the event that caused it. The billing request
 * `notify` mail goes through the same outbox and sender, and fails the same way.
 */
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

const customer = (email: string) => ({
  customer: { ...CUSTOMER_DETAILS.GBP.customer, email },
  customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
});

describe('failed payer notices', () => {
  it('a hard bounce: the mandate and the payment each get a customer_notification_failed event', async () => {
    const m = await server.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, {
      currency: 'GBP',
      customerDetails: customer('bounce@example.com'),
    });
    const payment = (
      await post(m.api, '/payments', { payments: { amount: 100, currency: 'GBP', links: { mandate: mandateId } } }, 201)
    ).payments;
    // Nothing has failed before the sender tried.
    expect((await m.api.get('/events?action=customer_notification_failed')).body.events).toEqual([]);
    await server.services.deliverNotifications();

    // The list filters by one linked id at a time: the payment's events link its mandate too.
    const ofMandate = async (action: string) =>
      (await m.api.get(`/events?mandate=${mandateId}&action=${action}`)).body.events.filter(
        (e: { resource_type: string }) => e.resource_type === 'mandates',
      );
    const [onMandate] = await ofMandate('customer_notification_failed');
    const [mandateCreated] = await ofMandate('created');
    expect(onMandate).toMatchObject({
      resource_type: 'mandates',
      action: 'customer_notification_failed',
      details: { origin: 'gocardless', cause: 'rejected_address' },
      links: { mandate: mandateId, customer: expect.stringMatching(/^CU/), parent_event: mandateCreated.id },
    });
    const onPayment = (await m.api.get(`/events?payment=${payment.id}&action=customer_notification_failed`)).body
      .events;
    expect(onPayment).toHaveLength(1);
    expect(onPayment[0]).toMatchObject({ resource_type: 'payments', details: { cause: 'rejected_address' } });

    // Once each: the failed notices are never tried again, and write no second event.
    await server.services.deliverNotifications();
    expect((await m.api.get('/events?action=customer_notification_failed')).body.events).toHaveLength(2);
    const rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
    expect(rows.map((r) => [r.status, r.failure_reason])).toEqual([
      ['failed', 'rejected_address'],
      ['failed', 'rejected_address'],
    ]);
  });

  it('a payer without a usable address: failed when written, with its event in the same transaction', async () => {
    const m = await server.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
    expect((await m.api.put(`/customers/${mandate.links.customer}`, { customers: { email: null } })).status).toBe(200);
    const payment = (
      await post(m.api, '/payments', { payments: { amount: 200, currency: 'GBP', links: { mandate: mandateId } } }, 201)
    ).payments;
    const [created] = (await m.api.get(`/events?payment=${payment.id}&action=created`)).body.events;
    const failed = (await m.api.get(`/events?payment=${payment.id}&action=customer_notification_failed`)).body.events;
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({
      resource_type: 'payments',
      details: { origin: 'gocardless', cause: 'no_usable_address' },
      links: { payment: payment.id, mandate: mandateId, customer: mandate.links.customer, parent_event: created.id },
    });
    // A refused payment writes neither the notice nor its failure.
    const refused = await m.api.post('/payments', {
      payments: { amount: 200, currency: 'GBP', charge_date: '2020-01-01', links: { mandate: mandateId } },
    });
    expect(refused.status).toBe(422);
    expect((await m.api.get('/events?action=customer_notification_failed')).body.events).toHaveLength(1);
  });

  it('the notify action’s mail is an outbox notice sent by the same sender; a bounce fails it the same way', async () => {
    const m = await server.merchant();
    const request = async (email: string) => {
      const br = (
        await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
      ).billing_requests;
      await post(m.api, `/billing_requests/${br.id}/actions/collect_customer_details`, { data: customer(email) });
      return br.id as string;
    };
    const ok = await request('notify-me@example.com');
    await post(m.api, `/billing_requests/${ok}/actions/notify`, { data: { notification_type: 'email' } });
    const bounced = await request('bounce@example.com');
    await post(m.api, `/billing_requests/${bounced}/actions/notify`, { data: { notification_type: 'email' } });
    // The edge hands the outbox to the sender after commit: wait for it to have sent both.
    // (The first notice also loads the mail renderer: a generous wait, as in flows-instant.test.ts.)
    const rows = await vi.waitFor(
      async () => {
        await server.services.deliverNotifications();
        const all = await listNotifications(server.services.db, { organisationId: m.organisationId });
        if (all.some((r) => r.status === 'pending')) throw new Error('still sending');
        return all;
      },
      { timeout: 15_000 },
    );
    expect(rows.map((r) => [r.notice_type, r.billing_request_id, r.status, r.failure_reason]).sort()).toEqual(
      [
        ['billing_request_notify', ok, 'sent', null],
        ['billing_request_notify', bounced, 'failed', 'rejected_address'],
      ].sort(),
    );
    const mails = smtp.received.filter((x) => x.envelopeTo.includes('notify-me@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.parsed.text).toMatch(/\/pay\/BRF[0-9A-Z]{26}/);
    const events = (await m.api.get(`/events?billing_request=${bounced}&action=customer_notification_failed`)).body
      .events;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      resource_type: 'billing_requests',
      details: { cause: 'rejected_address' },
      links: { billing_request: bounced },
    });
    expect((await m.api.get(`/events?billing_request=${ok}&action=customer_notification_failed`)).body.events).toEqual(
      [],
    );
  });
});
