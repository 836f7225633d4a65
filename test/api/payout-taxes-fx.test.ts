import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { FeeSchedule } from '../../server/domain/fees/rules';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { activeMandate, collectedPayment } from '../support/money';

/**
 * Issue #22 (decision 0041): the service's fees carry their tax part at the rate in force in the
 * creditor's jurisdiction on the fee's day, and a creditor set up for payouts in another currency
 * is paid there at the operator's rate, amount × rate to the nearest minor unit (halves away from
 * zero). Items still add up to the payout; the ledger stays in the collected currency.
 */
let server: TestServer;
// The last days of Germany's reduced VAT (16 % until 2020-12-31, 19 % from 2021-01-01).
const clock = new ManualClock('2020-12-30T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
});
afterAll(() => server?.close());

const inTx = <T>(work: (tx: any) => Promise<T>) => server.services.db.transaction(work);
const setFees = (m: Merchant, schedule: FeeSchedule) =>
  inTx((tx) => server.services.fees.set(tx, m.organisationId, schedule));
const setRate = (source: string, target: string, rate: string) =>
  inTx((tx) => server.services.exchangeRates.set(tx, source, target, rate));
const payouts = async (m: Merchant) => (await m.api.get('/payouts')).body.payouts as any[];
const itemsOf = async (m: Merchant, payoutId: string) => {
  const res = await m.api.get(`/payout_items?payout=${payoutId}`);
  expect(res.status).toBe(200);
  return res.body.payout_items as any[];
};
const sum = (items: { amount: string }[]) => items.reduce((s, i) => s + Number(i.amount), 0);
const payoutEvents = async (m: Merchant, payoutId: string) =>
  ((await m.api.get(`/events?payout=${payoutId}`)).body.events as any[])
    .filter((e) => e.resource_type === 'payouts')
    .map((e) => e.action)
    .sort();

describe('taxes on fees', () => {
  it('each fee item carries its tax part at the rate of its day; a tax in another currency waits for the paid payout', async () => {
    const de = await server.merchant(undefined, { payoutAccounts: true });
    await setFees(de, { percentBasisPoints: 0, fixedMinor: 100, capMinor: null });
    const mandate = await activeMandate(de);
    const december = await collectedPayment(de, mandate, 1000, 'payment_confirmed');
    clock.advance(3 * 24 * 3600_000); // 2021-01-02
    const january = await collectedPayment(de, mandate, 2000, 'payment_confirmed');
    // The jurisdiction is the creditor's country when the payout itemises the fees.
    await inTx((tx) => server.services.creditors.update(tx, de.actor, de.creditorId, { country_code: 'DE' }));
    await setRate('GBP', 'EUR', '1.25');
    await server.payoutRunner.runDue();

    const [payout] = await payouts(de);
    expect(payout).toMatchObject({ currency: 'GBP', amount: 3000 - 200, deducted_fees: 200, tax_currency: 'EUR' });
    const items = await itemsOf(de, payout.id);
    expect(sum(items)).toBe(payout.amount);
    const feeOf = (payment: string) => items.find((i) => i.type === 'gocardless_fee' && i.links.payment === payment);
    // 100 includes 16 %: 100 × 16 / 116 = 13.79 → 14; at 19 %: 100 × 19 / 119 = 15.97 → 16.
    const pending = { currency: 'GBP', destination_currency: 'EUR', destination_amount: null, exchange_rate: null };
    expect(feeOf(december)).toMatchObject({
      amount: '-100',
      taxes: [{ ...pending, amount: '14', tax_rate_id: 'DE_VAT_2' }],
    });
    expect(feeOf(january)).toMatchObject({
      amount: '-100',
      taxes: [{ ...pending, amount: '16', tax_rate_id: 'DE_VAT_3' }],
    });
    for (const item of items.filter((i) => i.type !== 'gocardless_fee')) expect(item.taxes).toEqual([]);

    // Paid: the taxes are converted at the rate in force (14 × 1.25 = 17.5 → 18; 16 × 1.25 = 20).
    await server.payoutRunner.runDue();
    const paid = await itemsOf(de, payout.id);
    const taxOf = (payment: string) =>
      paid.find((i) => i.type === 'gocardless_fee' && i.links.payment === payment).taxes[0];
    expect(taxOf(december)).toMatchObject({ destination_amount: '18', exchange_rate: '1.25' });
    expect(taxOf(january)).toMatchObject({ destination_amount: '20', exchange_rate: '1.25' });
    expect(await payoutEvents(de, payout.id)).toEqual(['paid', 'tax_exchange_rates_confirmed']);
  });

  it('a tax in the fee’s own currency is final at once (halves away from zero); app fees carry none', async () => {
    const gb = await server.merchant(undefined, { payoutAccounts: true });
    // 9 includes 20 %: 9 × 20 / 120 = 1.5 → 2.
    await setFees(gb, { percentBasisPoints: 0, fixedMinor: 9, capMinor: null });
    const mandate = await activeMandate(gb);
    const body = { payments: { amount: 1500, app_fee: 40, currency: 'GBP', links: { mandate } } };
    const created = await post(gb.api, '/payments', body, 201);
    await gb.api.post('/scenario_simulators/payment_confirmed/actions/run', {
      data: { links: { resource: created.payments.id } },
    });
    await server.payoutRunner.runDue();
    const [payout] = await payouts(gb);
    expect(payout).toMatchObject({ amount: 1500 - 9 - 40, deducted_fees: 49, tax_currency: 'GBP' });
    expect(payout.fx).toEqual({
      estimated_exchange_rate: null,
      exchange_rate: null,
      fx_amount: null,
      fx_currency: 'GBP',
    });
    const items = await itemsOf(gb, payout.id);
    expect(sum(items)).toBe(payout.amount);
    expect(items.find((i) => i.type === 'gocardless_fee').taxes).toEqual([
      {
        amount: '2',
        currency: 'GBP',
        destination_amount: '2',
        destination_currency: 'GBP',
        exchange_rate: null,
        tax_rate_id: 'GB_VAT_1',
      },
    ]);
    expect(items.find((i) => i.type === 'app_fee').taxes).toEqual([]);
    await server.payoutRunner.runDue();
    expect(await payoutEvents(gb, payout.id)).toEqual(['paid']);
  });
});

describe('payouts in another currency', () => {
  let fx: Merchant;
  let eurAccount: string;
  let payout: any;
  let paymentIds: string[];
  const noFx = () => ({ fx_currency: null, fx_amount: null, exchange_rate: null, estimated_exchange_rate: null });

  it('funds wait without an account in the currency; the operator’s fx_payout_currency sends them to the EUR account', async () => {
    fx = await server.merchant();
    await setFees(fx, { percentBasisPoints: 0, fixedMinor: 9, capMinor: null });
    const account = await post(
      fx.api,
      '/creditor_bank_accounts',
      {
        creditor_bank_accounts: {
          account_holder_name: 'FX Ltd',
          iban: 'FR1420041010050500013M02606',
          set_as_default_payout_account: true,
          links: { creditor: fx.creditorId },
        },
      },
      201,
    );
    eurAccount = account.creditor_bank_accounts.id;
    const mandate = await activeMandate(fx);
    paymentIds = [
      await collectedPayment(fx, mandate, 2000, 'payment_confirmed'),
      await collectedPayment(fx, mandate, 3000, 'payment_confirmed'),
    ];
    await server.payoutRunner.runDue();
    expect(await payouts(fx)).toEqual([]);
    // Not yet in a payout: no exchange (issue #37).
    const waiting = noFx();
    for (const id of paymentIds) expect((await fx.api.get(`/payments/${id}`)).body.payments.fx).toEqual(waiting);

    await expect(
      inTx((tx) => server.services.creditors.setFxPayoutCurrency(tx, fx.creditorId, 'XXX')),
    ).rejects.toThrow();
    await inTx((tx) => server.services.creditors.setFxPayoutCurrency(tx, fx.creditorId, 'EUR'));
    expect((await fx.api.get(`/creditors/${fx.creditorId}`)).body.creditors.fx_payout_currency).toBe('EUR');
    const updated = (await fx.api.get(`/events?creditor=${fx.creditorId}&action=updated`)).body.events;
    expect(updated.map((e: any) => e.details.property)).toContain('fx_payout_currency');

    await setRate('GBP', 'EUR', '1.1512');
    await server.payoutRunner.runDue();
    [payout] = await payouts(fx);
    // The payout keeps the collected currency and amount; its items add up to it.
    expect(payout).toMatchObject({
      currency: 'GBP',
      amount: 5000 - 18,
      deducted_fees: 18,
      status: 'pending',
      links: { creditor_bank_account: eurAccount },
      fx: { fx_currency: 'EUR', estimated_exchange_rate: '1.1512', exchange_rate: null, fx_amount: null },
    });
    expect(sum(await itemsOf(fx, payout.id))).toBe(payout.amount);
  });

  it('its payments’ fx follow the payout’s: the currency and estimate while it is pending (issue #37)', async () => {
    for (const id of paymentIds)
      expect((await fx.api.get(`/payments/${id}`)).body.payments).toMatchObject({
        status: 'paid_out',
        fx: { fx_currency: 'EUR', estimated_exchange_rate: '1.1512', exchange_rate: null, fx_amount: null },
      });
  });

  it('is paid at the rate in force then: fx_amount = amount × rate, halves away from zero; the ledger stays in GBP', async () => {
    // The operator changes the rate before the payout is paid: the new one is confirmed.
    await setRate('GBP', 'EUR', '1.25');
    await server.payoutRunner.runDue();
    const paid = (await fx.api.get(`/payouts/${payout.id}`)).body.payouts;
    // 4982 × 1.25 = 6227.5 → 6228.
    expect(paid).toMatchObject({
      status: 'paid',
      amount: 4982,
      fx: { fx_currency: 'EUR', exchange_rate: '1.25', fx_amount: 6228, estimated_exchange_rate: null },
    });
    expect(await payoutEvents(fx, payout.id)).toEqual(['fx_rate_confirmed', 'paid']);
    // Each payment paid out in it: the confirmed rate and its own amount converted (2000 and 3000 × 1.25).
    const converted = [];
    for (const id of paymentIds) converted.push((await fx.api.get(`/payments/${id}`)).body.payments.fx);
    expect(converted).toEqual([
      { fx_currency: 'EUR', exchange_rate: '1.25', fx_amount: 2500, estimated_exchange_rate: null },
      { fx_currency: 'EUR', exchange_rate: '1.25', fx_amount: 3750, estimated_exchange_rate: null },
    ]);
    const { rows } = await server.services.db.query<{ currency: string; total: number }>(
      'SELECT currency, sum(amount)::bigint AS total FROM ledger_entries WHERE creditor_id = $1 GROUP BY currency',
      [fx.creditorId],
    );
    expect(rows.map((r) => [r.currency, Number(r.total)])).toEqual([['GBP', 0]]);
    const balances = (await fx.api.get(`/balances?creditor=${fx.creditorId}`)).body.balances;
    expect(balances.find((b: any) => b.balance_type === 'confirmed_funds')).toMatchObject({
      currency: 'GBP',
      amount: 0,
    });
  });

  it('another organisation gets 404 for the payout and its items', async () => {
    const other = await server.merchant();
    expect((await other.api.get(`/payouts/${payout.id}`)).status).toBe(404);
    const items = await other.api.get(`/payout_items?payout=${payout.id}`);
    expect(items.status).toBe(404);
    expect(items.body.error.type).toBe('invalid_api_usage');
    expect(items.body.error.errors[0].reason).toBe('resource_not_found');
    expect((await other.api.get(`/creditor_bank_accounts/${eurAccount}`)).status).toBe(404);
  });
});
