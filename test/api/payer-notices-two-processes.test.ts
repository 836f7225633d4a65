import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase, type Database } from '../../server/db/db';
import { listNotifications } from '../../server/domain/notifications/queries';
import { ManualClock } from '../../server/domain/shared/clock';
import { ApiClient } from '../support/client';
import { createTestDatabase, testStore } from '../support/database';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { startTestServer, type TestServer } from '../support/server';
import { startSmtpReceiver } from '../support/smtp';

/**
 * Issue 21 § 3: two service instances on one database — each with its own connection pool on
 * Postgres, as two processes have — both running their notice senders over the same outbox at
 * once, deliver every notice exactly once to the SMTP server. On PGlite there is one connection,
 * so the two are interleaved rather than parallel, and the rule must still hold.
 */
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let db: Database & { url?: string };
let first: TestServer;
let second: TestServer;
const clock = new ManualClock('2026-03-02T09:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  db = await createTestDatabase();
  // Postgres: a second pool of its own. PGlite: the same handle, closed once by the first server.
  const otherHandle: Database =
    testStore() === 'postgres' ? createPostgresDatabase(db.url!, { max: 8 }) : { ...db, close: async () => {} };
  const options = {
    clock,
    env: { SMTP_URL: smtp.url, MAIL_FROM: 'notices@bankflow.test' },
    schemeClockIntervalMs: 0,
    notificationIntervalMs: 0,
  };
  first = await startTestServer({ ...options, db });
  second = await startTestServer({ ...options, db: otherHandle });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  await smtp?.close();
});

describe('two processes sending payer notices', () => {
  it('deliver each notice exactly once, whichever sends it', async () => {
    const m = await first.merchant();
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    // Changes arrive through both instances, as behind a load balancer.
    const apis = [m.api, new ApiClient(second.url, m.token, second.config.versionHeader)];
    const amounts = Array.from({ length: 24 }, (_, i) => 1000 + i);
    for (const [i, amount] of amounts.entries())
      await post(
        apis[i % 2]!,
        '/payments',
        { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } },
        201,
      );

    // Both senders at once, each also polling on its own as the job runner would.
    first.services.deliverNotifications.start(5);
    second.services.deliverNotifications.start(5);
    const [a, b] = await Promise.all([first.services.deliverNotifications(), second.services.deliverNotifications()]);
    await vi.waitFor(
      async () => {
        const rows = await listNotifications(first.services.db, { organisationId: m.organisationId });
        if (rows.some((r) => r.status === 'pending')) throw new Error('still sending');
      },
      { timeout: 30_000 },
    );
    await Promise.all([first.services.deliverNotifications.stop(), second.services.deliverNotifications.stop()]);
    expect(a + b).toBeGreaterThan(0);

    const rows = await listNotifications(first.services.db, { organisationId: m.organisationId });
    expect(rows).toHaveLength(amounts.length + 1);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    const mails = smtp.received.filter((x) => x.envelopeTo.includes('jane@example.com'));
    expect(mails).toHaveLength(amounts.length + 1);
    const seen = mails.map((x) => x.parsed.text!.match(/£(\d+\.\d\d)/)?.[1]).filter(Boolean);
    expect(seen.sort()).toEqual(amounts.map((a) => (a / 100).toFixed(2)).sort());
  }, 120_000);
});
