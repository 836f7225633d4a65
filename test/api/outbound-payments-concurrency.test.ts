import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../support/factories';
import { ledgerBalances } from '../support/money';
import { confirmedFunds, fund, key, outbound, recipient } from '../support/outbound';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue #22: outbound payments racing for one balance. On Postgres the requests are truly
 * concurrent (each its own pooled connection); the payment account row lock, taken before the
 * balance is read and held until the posting commits, is what makes them queue.
 */
let server: TestServer;
let m: Merchant;

beforeAll(async () => {
  server = await startTestServer({ schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true });
});
afterAll(() => server?.close());

describe('outbound payments at once', () => {
  it('20 payments racing for a balance that covers 10: exactly 10 are made, the balance never goes below zero', async () => {
    await fund(m, 10 * 1000);
    const jane = await recipient(m);
    expect(await confirmedFunds(server, m.creditorId)).toBe(10_000);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => m.api.post('/outbound_payments', outbound(jane, 1000), key('race'))),
    );
    const made = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status !== 201);
    expect(made).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.status, r.text).toBe(422);
      expect(r.body.error.errors[0].reason).toBe('insufficient_balance');
    }
    expect(await confirmedFunds(server, m.creditorId)).toBe(0);
    expect((await ledgerBalances(server, m.creditorId)).total).toBe(0);
    const listed = (await m.api.get('/outbound_payments?limit=500')).body.outbound_payments;
    expect(listed).toHaveLength(10);
    expect(listed.every((p: { status: string }) => p.status === 'scheduled')).toBe(true);
    const stats = (await m.api.get('/outbound_payments/stats')).body.outbound_payments;
    expect(stats).toMatchObject({ scheduled_count: 10, scheduled_amount: 10_000 });
  });
});
