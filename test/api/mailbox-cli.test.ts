import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { listNotifications } from '../../server/domain/notifications/queries';
import { ApiClient } from '../support/client';
import { useCliStore } from '../support/cli-store';
import { runCli } from '../support/processes';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest } from '../support/journeys';
import { startTestServer } from '../support/server';

/** `npm run cli -- mailbox …` and `notices list` as real processes on the store the server wrote. */
const store = useCliStore('mailbox');
const { cli } = store;

describe('npm run cli -- mailbox', () => {
  it('lists the mailbox, prints a mail as text or HTML, and lists notices by status', async () => {
    const db = await openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR ?? '' });
    const server = await startTestServer({ db, schemeClockIntervalMs: 0, notificationIntervalMs: 0 });
    try {
      const m = await server.merchant('CLI <Mail> Co');
      const { mandateId } = await createMandateViaBillingRequest(m, {
        currency: 'GBP',
        customerDetails: {
          customer: { ...CUSTOMER_DETAILS.GBP.customer, email: 'cli@example.com', language: 'sv' },
          customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
        },
      });
      expect(await server.services.deliverNotifications()).toBe(1);
      // The payer's address is removed: the next notice fails, and the operator sees why.
      const mandate = (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
      expect((await m.api.put(`/customers/${mandate.links.customer}`, { customers: { email: null } })).status).toBe(
        200,
      );
      const paid = await m.api.post('/payments', {
        payments: { amount: 100, currency: 'GBP', links: { mandate: mandateId } },
      });
      expect(paid.status).toBe(201);
    } finally {
      await server.close();
    }
    const listed = await cli('mailbox', 'list');
    expect(listed.code).toBe(0);
    expect(listed.json).toHaveLength(1);
    expect(listed.json[0]).toMatchObject({ recipient: 'cli@example.com', language: 'sv' });
    expect(listed.json[0].subject).toBe('Ditt medgivande till CLI <Mail> Co Ltd är upprättat');

    const shown = await cli('mailbox', 'show', listed.json[0].id);
    expect(shown.json.text_body).toContain('CLI <Mail> Co Ltd');
    expect(shown.json.html).toContain('CLI &lt;Mail&gt; Co Ltd');
    expect((await cli('mailbox', 'show', 'MM00000000000000000000000000')).code).toBe(64);
    expect((await cli('mailbox', 'list', '--limit', 'lots')).code).toBe(64);

    const sent = await cli('notices', 'list', '--status', 'sent');
    expect(sent.json.map((n: { notice_type: string }) => n.notice_type)).toEqual(['mandate_created']);
    const failed = await cli('notices', 'list', '--status', 'failed');
    expect(
      failed.json.map((n: { notice_type: string; failure_reason: string }) => [n.notice_type, n.failure_reason]),
    ).toEqual([['payment_created', 'no_usable_address']]);
    expect((await cli('notices', 'list', '--status', 'lost')).code).toBe(64);
  }, 300_000);

  it('notices take-over: that type waits for the merchant (the event names it), the others are queued as before', async () => {
    const open = async () => {
      const db = await openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR ?? '' });
      return startTestServer({ db, schemeClockIntervalMs: 0, notificationIntervalMs: 0 });
    };
    let server = await open();
    const m = await server.merchant('Take-over Co');
    await server.close();

    const set = await cli('notices', 'take-over', '--creditor', m.creditorId, '--type', 'payment_created');
    expect(set.json).toEqual({ creditor: m.creditorId, taken_over: ['payment_created'] });
    // Only the public API's customer_notifications types can be taken over.
    for (const type of ['billing_request_notify', 'payment_failed'])
      expect((await cli('notices', 'take-over', '--creditor', m.creditorId, '--type', type)).code, type).toBe(64);
    expect(
      (await cli('notices', 'take-over', '--creditor', 'CR00000000000000000000000000', '--type', 'payment_created'))
        .code,
    ).toBe(64);
    expect((await cli('notices', 'take-over', '--creditor', m.creditorId, '--type', 'mandate_blocked')).code).toBe(0);
    expect((await cli('notices', 'take-overs', '--creditor', m.creditorId)).json.taken_over).toEqual([
      'mandate_blocked',
      'payment_created',
    ]);

    server = await open();
    let paymentNotice = '';
    try {
      // The same merchant, talking to the reopened server.
      const again = { ...m, api: new ApiClient(server.url, m.token, server.config.versionHeader) };
      const { mandateId } = await createMandateViaBillingRequest(again, { currency: 'GBP' });
      const res = await again.api.post('/payments', {
        payments: { amount: 100, currency: 'GBP', links: { mandate: mandateId } },
      });
      expect(res.status).toBe(201);
      const event = (await again.api.get(`/events?payment=${res.body.payments.id}&action=created`)).body.events[0];
      expect(event.customer_notifications).toEqual([
        { id: expect.stringMatching(/^NT/), type: 'payment_created', deadline: expect.any(String), mandatory: true },
      ]);
      paymentNotice = event.customer_notifications[0].id;
      const rows = await listNotifications(server.services.db, { organisationId: m.organisationId });
      expect(rows.map((n) => [n.notice_type, n.status, n.deadline === null]).sort()).toEqual([
        ['mandate_created', 'pending', true],
        ['payment_created', 'pending', false],
      ]);
      // The mandate's confirmation is not taken over: it goes now; the payment's notice waits.
      expect(await server.services.deliverNotifications()).toBe(1);
    } finally {
      await server.close();
    }
    const waiting = await cli('notices', 'list', '--status', 'pending', '--organisation', m.organisationId);
    expect(waiting.json.map((n: { id: string }) => n.id)).toEqual([paymentNotice]);
    const human = await runCli(['notices', 'list', '--status', 'pending'], store.env);
    expect(human.stdout).toMatch(
      new RegExp(`${paymentNotice}  payment_created  pending  taken over: sent by bankflow at `),
    );
    const revoked = await cli(
      'notices',
      'take-over',
      '--creditor',
      m.creditorId,
      '--type',
      'payment_created',
      '--revoke',
    );
    expect(revoked.json.taken_over).toEqual(['mandate_blocked']);
  }, 300_000);
});
