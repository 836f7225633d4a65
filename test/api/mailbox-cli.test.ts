import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { listNotifications } from '../../server/domain/notifications/queries';
import { ApiClient } from '../support/client';
import { useCliStore } from '../support/cli-store';
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
      await createMandateViaBillingRequest(m, {
        currency: 'GBP',
        customerDetails: {
          customer: { ...CUSTOMER_DETAILS.GBP.customer, email: 'cli@example.com', language: 'sv' },
          customer_billing_detail: CUSTOMER_DETAILS.GBP.customer_billing_detail,
        },
      });
      expect(await server.services.deliverNotifications()).toBe(1);
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
    expect((await cli('notices', 'list', '--status', 'failed')).json).toEqual([]);
    expect((await cli('notices', 'list', '--status', 'lost')).code).toBe(64);
  }, 120_000);

  it('notices take-over: the merchant sends that type itself, so none is queued; the others still are', async () => {
    const open = async () => {
      const db = await openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR ?? '' });
      return startTestServer({ db, schemeClockIntervalMs: 0, notificationIntervalMs: 0 });
    };
    let server = await open();
    const m = await server.merchant('Take-over Co');
    await server.close();

    const set = await cli('notices', 'take-over', '--creditor', m.creditorId, '--type', 'payment_created');
    expect(set.json).toEqual({ creditor: m.creditorId, taken_over: ['payment_created'] });
    expect(
      (await cli('notices', 'take-over', '--creditor', m.creditorId, '--type', 'billing_request_notify')).code,
    ).toBe(64);
    expect(
      (await cli('notices', 'take-over', '--creditor', 'CR00000000000000000000000000', '--type', 'payment_created'))
        .code,
    ).toBe(64);
    expect((await cli('notices', 'take-overs', '--creditor', m.creditorId)).json.taken_over).toEqual([
      'payment_created',
    ]);

    server = await open();
    try {
      // The same merchant, talking to the reopened server.
      const again = { ...m, api: new ApiClient(server.url, m.token, server.config.versionHeader) };
      const { mandateId } = await createMandateViaBillingRequest(again, { currency: 'GBP' });
      const res = await again.api.post('/payments', {
        payments: { amount: 100, currency: 'GBP', links: { mandate: mandateId } },
      });
      expect(res.status).toBe(201);
      const types = (await listNotifications(server.services.db, { organisationId: m.organisationId })).map(
        (n) => n.notice_type,
      );
      expect(types).toEqual(['mandate_created']);
    } finally {
      await server.close();
    }
    const revoked = await cli(
      'notices',
      'take-over',
      '--creditor',
      m.creditorId,
      '--type',
      'payment_created',
      '--revoke',
    );
    expect(revoked.json.taken_over).toEqual([]);
  }, 120_000);
});
