import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

/**
 * Issue #13: payouts pay a creditor's confirmed funds (less failures, chargebacks and fees) to its
 * default bank account for the currency; `paid_out` means "in a payout"; items add up to the payout.
 */
let server: TestServer;
let m: Merchant;
let other: Merchant;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

const GBP_ACCOUNT = {
  account_holder_name: 'Acme Ltd',
  branch_code: '200000',
  account_number: '55779911',
  country_code: 'GB',
};

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant(undefined, { payoutAccounts: true });
});
afterAll(() => server?.close());

const run = (simulator: string, resource: string) =>
  m.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });

let mandateId: string;
async function confirmedPayment(amount: number, merchant = m) {
  if (!mandateId || merchant !== m) {
    const journey = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
    if (merchant !== m) {
      await merchant.api.post(`/scenario_simulators/mandate_activated/actions/run`, {
        data: { links: { resource: journey.mandateId } },
      });
      const p = await post(
        merchant.api,
        '/payments',
        { payments: { amount, currency: 'GBP', links: { mandate: journey.mandateId } } },
        201,
      );
      await merchant.api.post(`/scenario_simulators/payment_confirmed/actions/run`, {
        data: { links: { resource: p.payments.id } },
      });
      return p.payments.id as string;
    }
    mandateId = journey.mandateId;
    expect((await run('mandate_activated', mandateId)).status).toBe(200);
  }
  const created = await post(
    m.api,
    '/payments',
    { payments: { amount, currency: 'GBP', links: { mandate: mandateId } } },
    201,
  );
  expect((await run('payment_confirmed', created.payments.id)).status).toBe(200);
  return created.payments.id as string;
}

const payouts = async (merchant = m) => (await merchant.api.get('/payouts')).body.payouts as any[];
const itemsOf = async (payoutId: string, merchant = m) =>
  (await merchant.api.get(`/payout_items?payout=${payoutId}`)).body.payout_items as any[];
const sum = (items: { amount: string }[]) => items.reduce((s, i) => s + Number(i.amount), 0);

describe('payouts', () => {
  it('makes none while the creditor has no bank account for the currency: the funds wait', async () => {
    await confirmedPayment(5000);
    await server.payoutRunner.runDue();
    expect(await payouts()).toEqual([]);
  });

  it('pays the waiting funds, less fees, to the default account once there is one; payments are paid_out in it', async () => {
    const account = await post(
      m.api,
      '/creditor_bank_accounts',
      {
        creditor_bank_accounts: {
          ...GBP_ACCOUNT,
          set_as_default_payout_account: true,
          links: { creditor: m.creditorId },
        },
      },
      201,
    );
    const second = await confirmedPayment(2000);
    await server.payoutRunner.runDue();
    const [payout] = await payouts();
    expect(payout).toMatchObject({
      currency: 'GBP',
      payout_type: 'merchant',
      links: { creditor: m.creditorId, creditor_bank_account: account.creditor_bank_accounts.id },
    });
    expect(['pending', 'paid']).toContain(payout.status);
    const items = await itemsOf(payout.id);
    expect(sum(items)).toBe(payout.amount);
    expect(items.filter((i) => i.type === 'payment_paid_out').map((i) => Number(i.amount))).toEqual([5000, 2000]);
    const fees = items.filter((i) => i.type === 'gocardless_fee').reduce((s, i) => s - Number(i.amount), 0);
    expect(payout.deducted_fees).toBe(fees);
    expect(payout.amount).toBe(7000 - fees);

    const payment = (await m.api.get(`/payments/${second}`)).body.payments;
    expect(payment).toMatchObject({ status: 'paid_out', links: { payout: payout.id } });
    const paidOut = await m.api.get(`/events?payment=${second}&action=paid_out`);
    expect(paidOut.body.events[0].links.payout).toBe(payout.id);

    // The next run pays it (the sandbox's arrival date is today), with its event.
    await server.payoutRunner.runDue();
    const paid = (await m.api.get(`/payouts/${payout.id}`)).body.payouts;
    expect(paid).toMatchObject({ status: 'paid', arrival_date: '2026-03-02' });
    const events = await m.api.get(`/events?payout=${payout.id}`);
    const ofPayout = events.body.events.filter((e: { resource_type: string }) => e.resource_type === 'payouts');
    expect(ofPayout.map((e: { action: string }) => e.action)).toEqual(['paid']);
    // The payments it paid out are found by the payout too.
    expect(events.body.events.filter((e: { action: string }) => e.action === 'paid_out')).toHaveLength(2);
    const included = await m.api.get('/events?resource_type=payouts&include=payout');
    expect(included.body.linked.payouts.map((p: { id: string }) => p.id)).toContain(payout.id);
    // Nothing is paid out twice.
    await server.payoutRunner.runDue();
    expect(await payouts()).toHaveLength(1);
  });

  it('the scheme clock pays a confirmed payment out through a payout', async () => {
    const created = await post(
      m.api,
      '/payments',
      { payments: { amount: 3000, currency: 'GBP', links: { mandate: mandateId } } },
      201,
    );
    for (let i = 0; i < 10; i++) {
      clock.advance(24 * 3600_000);
      await server.schemeClock.runDue();
    }
    const payment = (await m.api.get(`/payments/${created.payments.id}`)).body.payments;
    expect(payment.status).toBe('paid_out');
    expect(payment.links.payout).toMatch(/^PO/);
    const items = await itemsOf(payment.links.payout);
    expect(items.some((i) => i.links.payment === created.payments.id && i.type === 'payment_paid_out')).toBe(true);
  });

  it('makes no payout the balance cannot cover, and pays the failure out of the next one', async () => {
    const before = (await payouts()).length;
    const failing = await confirmedPayment(900);
    await server.payoutRunner.runDue();
    expect((await payouts()).length).toBe(before + 1);
    // A late failure after the payout leaves the creditor owing: no payout until collections cover it.
    expect((await run('payment_late_failure', failing)).status).toBe(200);
    await server.payoutRunner.runDue();
    expect((await payouts()).length).toBe(before + 1);
    await confirmedPayment(2500);
    await server.payoutRunner.runDue();
    const [next] = await payouts();
    const items = await itemsOf(next.id);
    expect(items.find((i) => i.type === 'payment_failed')).toMatchObject({
      amount: '-900',
      links: { payment: failing },
    });
    expect(sum(items)).toBe(next.amount);
    expect(next.amount).toBe(2500 - 900 - next.deducted_fees);
  });

  it('lists with filters, gets, updates metadata; other organisations get 404 and read_only cannot write', async () => {
    const [payout] = await payouts();
    expect(
      (await m.api.get(`/payouts?status=paid&currency=GBP&creditor=${m.creditorId}`)).body.payouts.length,
    ).toBeGreaterThan(0);
    expect((await m.api.get('/payouts?currency=EUR')).body.payouts).toEqual([]);
    expect((await m.api.get(`/payouts?reference=${payout.reference}`)).body.payouts.map((p: any) => p.id)).toEqual([
      payout.id,
    ]);
    expect(
      (await m.api.get(`/payouts?creditor_bank_account=${payout.links.creditor_bank_account}`)).body.payouts.length,
    ).toBeGreaterThan(0);
    expect((await m.api.get('/payouts?status=nope')).status).toBeGreaterThanOrEqual(400);
    expect((await m.api.get('/payouts?created_at[gt]=yesterday')).status).toBeGreaterThanOrEqual(400);

    const updated = await m.api.put(`/payouts/${payout.id}`, { payouts: { metadata: { batch: 'march' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.payouts.metadata).toEqual({ batch: 'march' });
    expect((await m.api.get('/payouts?metadata[batch]=march')).body.payouts.map((p: any) => p.id)).toEqual([payout.id]);
    expect(
      (await m.api.put(`/payouts/${payout.id}`, { payouts: { metadata: { k: 1 } } })).status,
    ).toBeGreaterThanOrEqual(400);
    expect((await m.api.put(`/payouts/${payout.id}`, { payouts: { amount: 1 } })).status).toBeGreaterThanOrEqual(400);
    expect((await m.readOnly.put(`/payouts/${payout.id}`, { payouts: { metadata: {} } })).status).toBe(403);

    expect((await other.api.get(`/payouts/${payout.id}`)).status).toBe(404);
    expect((await other.api.put(`/payouts/${payout.id}`, { payouts: { metadata: {} } })).status).toBe(404);
    expect((await other.api.get(`/payout_items?payout=${payout.id}`)).status).toBe(404);
    expect((await other.api.get(`/payouts?creditor=${m.creditorId}`)).body.payouts).toEqual([]);
    expect((await m.api.get('/payouts/PO00000000000000000000000000')).status).toBe(404);
    expect((await m.api.get('/payout_items')).status).toBeGreaterThanOrEqual(400);
    expect((await m.readOnly.get(`/payout_items?payout=${payout.id}`)).status).toBe(200);
  });

  it('takes the organisation’s fee schedule and the app fee from a confirmed payment, as items of its payout', async () => {
    await server.services.db.transaction((tx) =>
      server.services.fees.set(tx, other.organisationId, { percentBasisPoints: 250, fixedMinor: 10, capMinor: 100 }),
    );
    const { mandateId: otherMandate } = await createMandateViaBillingRequest(other, { currency: 'GBP' });
    const sim = (name: string, id: string) =>
      other.api.post(`/scenario_simulators/${name}/actions/run`, { data: { links: { resource: id } } });
    expect((await sim('mandate_activated', otherMandate)).status).toBe(200);
    const ids: string[] = [];
    for (const [amount, app_fee] of [
      [2000, 150],
      [10000, undefined],
    ] as const) {
      const body = { payments: { amount, app_fee, currency: 'GBP', links: { mandate: otherMandate } } };
      const created = await post(other.api, '/payments', body, 201);
      expect((await sim('payment_confirmed', created.payments.id)).status).toBe(200);
      ids.push(created.payments.id);
    }
    await server.payoutRunner.runDue();
    const [payout] = await payouts(other);
    const items = await itemsOf(payout.id, other);
    const of = (type: string, payment: string) =>
      items.filter((i) => i.type === type && i.links.payment === payment).map((i) => Number(i.amount));
    // 2.5% + 10 of 2000 is 60; of 10000 it is 260, capped at 100.
    expect(of('gocardless_fee', ids[0]!)).toEqual([-60]);
    expect(of('app_fee', ids[0]!)).toEqual([-150]);
    expect(of('gocardless_fee', ids[1]!)).toEqual([-100]);
    expect(of('app_fee', ids[1]!)).toEqual([]);
    expect(payout).toMatchObject({ amount: 12000 - 310, deducted_fees: 310 });
    expect(sum(items)).toBe(payout.amount);
  });

  it('payout_bounced returns a paid payout: the creditor hears of it and the next payout pays the same items', async () => {
    await server.payoutRunner.runDue();
    const [payout] = await payouts(other);
    expect(payout.status).toBe('paid');
    const sim = (id: string) =>
      other.api.post('/scenario_simulators/payout_bounced/actions/run', { data: { links: { resource: id } } });
    expect(
      (
        await m.api.post('/scenario_simulators/payout_bounced/actions/run', {
          data: { links: { resource: payout.id } },
        })
      ).status,
    ).toBe(404);
    expect((await sim(payout.id)).status).toBe(200);
    expect((await other.api.get(`/payouts/${payout.id}`)).body.payouts.status).toBe('bounced');
    expect((await sim(payout.id)).status).toBe(422);
    const events = (await other.api.get(`/events?payout=${payout.id}`)).body.events;
    expect(events.find((e: { action: string }) => e.action === 'bounced_payout')).toMatchObject({
      resource_type: 'creditors',
      links: { creditor: other.creditorId, payout: payout.id },
    });
    await server.payoutRunner.runDue();
    const [again] = await payouts(other);
    expect(again.id).not.toBe(payout.id);
    expect(again.amount).toBe(payout.amount);
    expect(sum(await itemsOf(again.id, other))).toBe(again.amount);
  });

  it('pages payout items forwards with after', async () => {
    const [payout] = (await payouts()).slice(-1);
    const all = await itemsOf(payout.id);
    const first = await m.api.get(`/payout_items?payout=${payout.id}&limit=1`);
    expect(first.body.payout_items).toEqual(all.slice(0, 1));
    expect(first.body.meta.cursors.after).toBeTruthy();
  });
});
