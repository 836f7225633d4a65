import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
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
});
