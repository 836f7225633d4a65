import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../server/logger';
import { createPayoutRunner } from '../../server/jobs/payouts';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

/**
 * Issue #13: payout generation run by several processes at once pays each payment out exactly
 * once. On Postgres the runs are truly concurrent (separate pooled connections); the payment
 * account lock and the conditional take of ledger entries are what keep them apart.
 */
let server: TestServer;
let m: Merchant;
const clock = new ManualClock('2026-03-03T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
});
afterAll(() => server?.close());

const run = (simulator: string, resource: string) =>
  m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });

describe('payout runs at once', () => {
  it('pay each payment out exactly once, in one payout whose items add up to it', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    expect((await run('mandate_activated', mandateId)).status).toBe(200);
    const ids: string[] = [];
    for (const amount of [1000, 2000, 3000, 4000, 5000]) {
      const created = await post(
        m.api,
        '/payments',
        { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } },
        201,
      );
      expect((await run('payment_confirmed', created.payments.id)).status).toBe(200);
      ids.push(created.payments.id);
    }
    const runners = [0, 1, 2].map(() =>
      createPayoutRunner({ db: server.services.db, logger: createLogger('silent'), payouts: server.services.payouts }),
    );
    const results = await Promise.all([...runners.map((r) => r.runDue()), server.payoutRunner.runDue()]);
    expect(results.reduce((s, r) => s + r.made, 0)).toBe(1);

    const payouts = (await m.api.get('/payouts')).body.payouts;
    expect(payouts).toHaveLength(1);
    const items = (await m.api.get(`/payout_items?payout=${payouts[0].id}&limit=500`)).body.payout_items;
    expect(items.reduce((s: number, i: { amount: string }) => s + Number(i.amount), 0)).toBe(payouts[0].amount);
    const paidOut = items.filter((i: { type: string }) => i.type === 'payment_paid_out');
    expect(paidOut.map((i: { links: { payment: string } }) => i.links.payment).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const payment = (await m.api.get(`/payments/${id}`)).body.payments;
      expect(payment).toMatchObject({ status: 'paid_out', links: { payout: payouts[0].id } });
    }
    const { rows } = await server.services.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE creditor_id = $1 AND item_type = 'payment_paid_out' AND payout_id IS NULL`,
      [m.creditorId],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('and refunds of the same creditor at the same time never deadlock: every refund is answered, the ledger balances', async () => {
    const { mandateId } = await createMandateViaBillingRequest(m, { currency: 'GBP' });
    expect((await run('mandate_activated', mandateId)).status).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const created = await post(
        m.api,
        '/payments',
        { payments: { amount: 5000, currency: 'GBP', links: { mandate: mandateId } } },
        201,
      );
      expect((await run('payment_confirmed', created.payments.id)).status).toBe(200);
      ids.push(created.payments.id);
    }
    // Refunds lock the payment account, then the payment; payout runs the account, then the
    // payments they pay out. Were the orders crossed, Postgres would abort one of them (a 500).
    const refunds = ids.map((id) =>
      m.api.post('/refunds', { refunds: { amount: 100, links: { payment: id } } }, { headers: {} }),
    );
    const runs = [0, 1].map(() =>
      createPayoutRunner({
        db: server.services.db,
        logger: createLogger('silent'),
        payouts: server.services.payouts,
      }).runDue(),
    );
    const [answers] = await Promise.all([Promise.all(refunds), Promise.all(runs)]);
    // A refund that comes after the payout took the funds is refused for the balance; never a 500.
    for (const answer of answers) {
      if (answer.status !== 201) {
        expect(answer.status).toBe(422);
        expect(answer.body.error.errors[0].reason).toBe('available_refund_amount_insufficient');
      }
    }
    const { rows } = await server.services.db.query<{ sum: string | null }>(
      'SELECT sum(amount)::text AS sum FROM ledger_entries WHERE creditor_id = $1',
      [m.creditorId],
    );
    expect(Number(rows[0]!.sum ?? 0)).toBe(0);
  });
});
