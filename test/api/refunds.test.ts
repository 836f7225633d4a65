import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { activeMandate, collectedPayment, countRows, ledgerBalances, simulate } from '../support/money';
import { startTestServer, type TestServer } from '../support/server';

/** Issue #13: refunds through the API, every refusal writing nothing, and their money on the ledger. */
let server: TestServer;
let m: Merchant;
let other: Merchant;
let mandateId: string;
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { withoutFees: true });
  other = await server.merchant(undefined, { withoutFees: true });
  mandateId = await activeMandate(m);
});
afterAll(() => server?.close());

const refund = (payment: string, amount: number, extra: Record<string, unknown> = {}) => ({
  refunds: { amount, links: { payment }, ...extra },
});

/** What a refused refund must leave untouched. */
async function snapshot(paymentId: string) {
  const payment = (await m.api.get(`/payments/${paymentId}`)).body.payments;
  return {
    amountRefunded: payment.amount_refunded,
    refunds: await countRows(server, 'refunds', m.creditorId),
    events: await countRows(server, 'events', m.creditorId),
    ledger: await ledgerBalances(server, m.creditorId),
  };
}

async function refused(paymentId: string, body: unknown, status: number, type: string, reason: string) {
  const before = await snapshot(paymentId);
  const res = await m.api.post('/refunds', body);
  expect(res.status, res.text).toBe(status);
  expect(res.body.error.type).toBe(type);
  // Field-level validation items carry a field and pointer instead of a reason.
  const items = res.body.error.errors as { reason?: string; field?: string }[];
  if (reason === 'validation_failed') expect(items.every((e) => e.field)).toBe(true);
  else expect(items.map((e) => e.reason)).toContain(reason);
  expect(await snapshot(paymentId)).toEqual(before);
  return res;
}

describe('POST /refunds', () => {
  it('refunds part of a paid-out payment: 201, Location, the payment refunded, its money queued out of the balance', async () => {
    const paymentId = await collectedPayment(m, mandateId, 5000);
    const before = await ledgerBalances(server, m.creditorId);
    const res = await m.api.post(
      '/refunds',
      refund(paymentId, 1500, { reference: 'Sorry', metadata: { ticket: 'T-1' } }),
      {
        headers: { 'idempotency-key': 'refund-one' },
      },
    );
    expect(res.status, res.text).toBe(201);
    const r = res.body.refunds;
    expect(r.id).toMatch(/^RF[0-9A-Z]{26}$/);
    expect(res.headers.location).toBe(`${server.config.publicUrl}/refunds/${r.id}`);
    expect(r).toMatchObject({
      amount: 1500,
      currency: 'GBP',
      reference: 'Sorry',
      status: 'pending_submission',
      metadata: { ticket: 'T-1' },
      links: { payment: paymentId, mandate: mandateId },
      fx: { fx_currency: 'GBP', fx_amount: null, exchange_rate: null, estimated_exchange_rate: null },
    });
    expect((await m.api.get(`/payments/${paymentId}`)).body.payments.amount_refunded).toBe(1500);
    const after = await ledgerBalances(server, m.creditorId);
    expect(after.confirmed).toBe(before.confirmed - 1500);
    expect(after.inFlight).toBe(before.inFlight + 1500);
    expect(after.total).toBe(0);

    const events = (await m.api.get(`/events?refund=${r.id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['created']);
    expect(events[0].details.cause).toBe('payment_refunded');
    expect(events[0].links).toMatchObject({ refund: r.id, payment: paymentId });
    const ofPayment = (await m.api.get(`/events?payment=${paymentId}`)).body.events;
    expect(ofPayment.some((e: { resource_type: string }) => e.resource_type === 'refunds')).toBe(true);

    // The same key again names the first refund and writes nothing more.
    const again = await m.api.post('/refunds', refund(paymentId, 1500), {
      headers: { 'idempotency-key': 'refund-one' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.errors[0].links.conflicting_resource_id).toBe(r.id);
    expect((await m.api.get(`/payments/${paymentId}`)).body.payments.amount_refunded).toBe(1500);
  });

  it('is submitted and paid by the scheme clock (instant in the sandbox), each with its event and money', async () => {
    const paymentId = await collectedPayment(m, mandateId, 2000, 'payment_confirmed');
    const r = (await m.api.post('/refunds', refund(paymentId, 2000, { total_amount_confirmation: 2000 }))).body.refunds;
    const before = await ledgerBalances(server, m.creditorId);
    expect(before.inFlight).toBeGreaterThanOrEqual(2000);
    await server.schemeClock.runDue();
    const paid = (await m.api.get(`/refunds/${r.id}`)).body.refunds;
    expect(paid.status).toBe('paid');
    const events = (await m.api.get(`/events?refund=${r.id}`)).body.events;
    expect(events.map((e: { action: string }) => e.action)).toEqual(['paid', 'created']);
    const after = await ledgerBalances(server, m.creditorId);
    // Every refund queued so far (this one and the first test's) is now paid to its payer.
    expect(after.inFlight).toBe(0);
    expect(after.confirmed).toBe(before.confirmed);
  });

  it('refuses a payment that is not confirmed or paid out: refund_payment_invalid_state', async () => {
    const pending = await collectedPayment(m, mandateId, 1000, null);
    await refused(pending, refund(pending, 100), 422, 'invalid_state', 'refund_payment_invalid_state');
    const failed = await collectedPayment(m, mandateId, 1000, 'payment_failed');
    await refused(failed, refund(failed, 100), 422, 'invalid_state', 'refund_payment_invalid_state');
  });

  it('refuses more than is left to refund, a wrong total confirmation, and a sixth refund', async () => {
    const paymentId = await collectedPayment(m, mandateId, 1000);
    expect((await m.api.post('/refunds', refund(paymentId, 400))).status).toBe(201);
    const over = await refused(paymentId, refund(paymentId, 601), 422, 'validation_failed', 'validation_failed');
    expect(over.body.error.errors[0]).toMatchObject({ field: 'amount', request_pointer: '/refunds/amount' });
    await refused(
      paymentId,
      refund(paymentId, 100, { total_amount_confirmation: 100 }),
      422,
      'invalid_state',
      'total_amount_confirmation_invalid',
    );
    for (let i = 0; i < 4; i++)
      expect(
        (await m.api.post('/refunds', refund(paymentId, 10, { total_amount_confirmation: 410 + 10 * i }))).status,
      ).toBe(201);
    await refused(paymentId, refund(paymentId, 10), 422, 'invalid_state', 'number_of_refunds_exceeded');
  });

  it('refuses bad input with validation_failed or invalid_type, writing nothing', async () => {
    const paymentId = await collectedPayment(m, mandateId, 1000);
    await refused(
      paymentId,
      { refunds: { links: { payment: paymentId } } },
      422,
      'validation_failed',
      'validation_failed',
    );
    await refused(paymentId, refund(paymentId, 0), 422, 'validation_failed', 'validation_failed');
    await refused(paymentId, refund(paymentId, -5), 422, 'validation_failed', 'validation_failed');
    await refused(paymentId, refund(paymentId, 'abc' as unknown as number), 400, 'invalid_api_usage', 'invalid_type');
    await refused(
      paymentId,
      refund(paymentId, 10, { reference: 'x'.repeat(141) }),
      422,
      'validation_failed',
      'validation_failed',
    );
    await refused(paymentId, refund(paymentId, 10, { surprise: true }), 400, 'invalid_api_usage', 'invalid_type');
    await refused(paymentId, { refunds: { amount: 10 } }, 422, 'validation_failed', 'validation_failed');
    await refused(paymentId, refund("PM'; DROP TABLE refunds;--", 10), 404, 'invalid_api_usage', 'link_not_found');
  });

  it("answers 404 for another organisation's payment and refund, and 403 to a read-only token", async () => {
    const paymentId = await collectedPayment(m, mandateId, 1000);
    const otherMandate = await activeMandate(other);
    const theirs = await collectedPayment(other, otherMandate, 1000);
    await refused(paymentId, refund(theirs, 10), 404, 'invalid_api_usage', 'link_not_found');
    const withMandate = (mandate: string) => ({ refunds: { amount: 10, links: { payment: paymentId, mandate } } });
    await refused(paymentId, withMandate(otherMandate), 404, 'invalid_api_usage', 'link_not_found');
    await refused(paymentId, withMandate(await activeMandate(m)), 422, 'validation_failed', 'validation_failed');
    expect((await m.api.post('/refunds', withMandate(mandateId))).status).toBe(201);
    const theirRefund = (await other.api.post('/refunds', refund(theirs, 10))).body.refunds;
    expect((await m.api.get(`/refunds/${theirRefund.id}`)).status).toBe(404);
    expect((await m.api.put(`/refunds/${theirRefund.id}`, { refunds: { metadata: {} } })).status).toBe(404);
    expect((await m.api.get(`/refunds?payment=${theirs}`)).status).toBe(404);
    expect((await m.api.get(`/refunds?mandate=${otherMandate}`)).status).toBe(404);
    expect((await m.api.get(`/events?refund=${theirRefund.id}`)).body.events).toEqual([]);
    const ro = await m.readOnly.post('/refunds', refund(paymentId, 10));
    expect(ro.status).toBe(403);
    expect((await m.readOnly.put(`/refunds/${theirRefund.id}`, { refunds: { metadata: {} } })).status).toBe(403);
  });
});

describe('GET /refunds, GET and PUT /refunds/:id', () => {
  it('lists by payment, mandate, refund_type and created_at, newest first, and updates metadata', async () => {
    const first = await collectedPayment(m, mandateId, 3000);
    const a = (await m.api.post('/refunds', refund(first, 100))).body.refunds;
    clock.advance(60_000);
    const b = (await m.api.post('/refunds', refund(first, 200))).body.refunds;
    const ids = (q: string) => m.api.get(`/refunds?${q}`).then((r) => r.body.refunds.map((x: { id: string }) => x.id));
    expect(await ids(`payment=${first}`)).toEqual([b.id, a.id]);
    expect(await ids(`payment=${first}&refund_type=payment`)).toEqual([b.id, a.id]);
    expect(await ids(`payment=${first}&refund_type=mandate`)).toEqual([]);
    expect(await ids(`mandate=${mandateId}&limit=500`)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await ids(`payment=${first}&created_at[gt]=${encodeURIComponent(a.created_at)}`)).toEqual([b.id]);
    expect(await ids(`payment=${first}&limit=1`)).toEqual([b.id]);
    expect((await m.api.get('/refunds?refund_type=other')).status).toBe(422);
    expect((await m.api.get('/refunds?limit=501')).status).toBe(422);
    expect((await m.api.get(`/refunds?payment=${'P'.repeat(101)}`)).status).toBe(422);
    expect((await m.api.get(`/refunds?payment=${encodeURIComponent("PM' OR 1=1 --")}`)).status).toBe(404);
    expect((await m.api.get('/refunds?created_at[gt]=yesterday')).status).toBeGreaterThanOrEqual(400);
    expect((await m.api.get('/refunds/RF00000000000000000000000000')).status).toBe(404);

    const updated = await m.api.put(`/refunds/${a.id}`, { refunds: { metadata: { k: 'v' } } });
    expect(updated.status).toBe(200);
    expect(updated.body.refunds.metadata).toEqual({ k: 'v' });
    const tooMany = await m.api.put(`/refunds/${a.id}`, { refunds: { metadata: { a: '1', b: '2', c: '3', d: '4' } } });
    expect(tooMany.status).toBe(422);
    expect((await m.api.put(`/refunds/${a.id}`, { refunds: { amount: 5 } })).status).toBe(400);
    expect((await m.api.get(`/refunds/${a.id}`)).body.refunds.metadata).toEqual({ k: 'v' });
  });
});

describe('refund simulators', () => {
  const fresh = async (amount = 800) => {
    const paymentId = await collectedPayment(m, mandateId, 5000);
    const r = (await m.api.post('/refunds', refund(paymentId, amount))).body.refunds;
    return { paymentId, id: r.id as string };
  };
  const status = async (id: string) => (await m.api.get(`/refunds/${id}`)).body.refunds.status;
  const actions = async (id: string) =>
    (await m.api.get(`/events?refund=${id}`)).body.events.map((e: { action: string }) => e.action);

  it('refund_paid and refund_settled walk to paid, the settled one with its refund_settled event', async () => {
    const paid = await fresh();
    await simulate(m, 'refund_paid', paid.id);
    expect(await status(paid.id)).toBe('paid');
    await simulate(m, 'refund_paid', paid.id, 422);
    const settled = await fresh();
    await simulate(m, 'refund_settled', settled.id);
    expect(await status(settled.id)).toBe('paid');
    expect(await actions(settled.id)).toEqual(['refund_settled', 'paid', 'created']);
    // The scheme clock's bookings were dropped: nothing moves it again.
    await server.schemeClock.runDue();
    expect(await actions(settled.id)).toEqual(['refund_settled', 'paid', 'created']);
  });

  it('refund_bounced and refund_returned give the money and the refundable amount back', async () => {
    for (const [simulator, action, end] of [
      ['refund_bounced', 'failed', 'bounced'],
      ['refund_returned', 'funds_returned', 'funds_returned'],
    ] as const) {
      const before = await ledgerBalances(server, m.creditorId);
      const r = await fresh(700);
      await simulate(m, simulator, r.id);
      expect(await status(r.id)).toBe(end);
      expect((await actions(r.id))[0]).toBe(action);
      expect((await m.api.get(`/payments/${r.paymentId}`)).body.payments.amount_refunded).toBe(0);
      const after = await ledgerBalances(server, m.creditorId);
      // The payment's 5000 arrived; the refund's 700 left and came back.
      expect(after.confirmed).toBe(before.confirmed + 5000);
      expect(after.inFlight).toBe(before.inFlight);
      expect(after.total).toBe(0);
    }
  });

  it('refund_returned applies only from pending_submission; another organisation cannot run one', async () => {
    const r = await fresh();
    await simulate(m, 'refund_paid', r.id);
    await simulate(m, 'refund_returned', r.id, 422);
    await simulate(other, 'refund_bounced', r.id, 404);
    expect(await status(r.id)).toBe('paid');
  });
});
