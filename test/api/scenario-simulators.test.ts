import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { CUSTOMER_DETAILS, createMandateViaBillingRequest, post, type SandboxCurrency } from '../support/journeys';

let server: TestServer;
let m: Merchant;
let other: Merchant;

// Monday 2 March 2026, 10:00 in London. The scheme clock only runs when a test asks it to.
const clock = new ManualClock('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
  other = await server.merchant();
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;
const run = (simulator: string, resource: string, merchant = m) =>
  merchant.api.post(`/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource } } });
const eventsOf = async (filter: string) => (await m.api.get(`/events?${filter}`)).body.events.reverse() as any[];
const actionsOf = async (filter: string) => (await eventsOf(filter)).map((e) => e.action);

async function newMandate(currency: SandboxCurrency = 'GBP') {
  const { mandateId } = await createMandateViaBillingRequest(m, { currency });
  return (await m.api.get(`/mandates/${mandateId}`)).body.mandates;
}

async function newPayment(mandate: { id: string; scheme: string }, amount = 1500) {
  const currency = { bacs: 'GBP', sepa_core: 'EUR', ach: 'USD', autogiro: 'SEK' }[mandate.scheme as 'bacs'];
  return (await post(m.api, '/payments', { payments: { amount, currency, links: { mandate: mandate.id } } }, 201))
    .payments;
}

async function activeBacsMandate() {
  const mandate = await newMandate('GBP');
  expect((await run('mandate_activated', mandate.id)).status).toBe(200);
  return mandate;
}

const getPayment = async (id: string) => (await m.api.get(`/payments/${id}`)).body.payments;
const getMandate = async (id: string) => (await m.api.get(`/mandates/${id}`)).body.mandates;

describe('payment simulators', () => {
  it('payment_failed: the bank fails the payment for lack of funds, with its reason code, and nothing retries it', async () => {
    const payment = await newPayment(await activeBacsMandate());
    const res = await run('payment_failed', payment.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scenario_simulators: { id: 'payment_failed' } });
    expect((await getPayment(payment.id)).status).toBe('failed');
    const events = await eventsOf(`payment=${payment.id}`);
    expect(events.map((e) => e.action)).toEqual(['created', 'submitted', 'failed']);
    expect(events[2].details).toEqual({
      origin: 'bank',
      cause: 'insufficient_funds',
      scheme: 'bacs',
      reason_code: 'ARUDD-0',
      will_attempt_retry: false,
      description: expect.any(String),
    });
    // The clock had booked the payment's submission: the simulator dropped it.
    await server.schemeClock.runDue();
    expect((await getPayment(payment.id)).status).toBe('failed');
  });

  it.each([
    ['payment_submitted', 'submitted', ['created', 'submitted']],
    ['payment_confirmed', 'confirmed', ['created', 'submitted', 'confirmed']],
    ['payment_paid_out', 'paid_out', ['created', 'submitted', 'confirmed', 'paid_out']],
  ])('%s walks the payment to %s and it stays there', async (simulator, status, actions) => {
    const payment = await newPayment(await activeBacsMandate());
    expect((await run(simulator, payment.id)).status).toBe(200);
    await server.schemeClock.runDue();
    expect((await getPayment(payment.id)).status).toBe(status);
    expect(await actionsOf(`payment=${payment.id}`)).toEqual(actions);
  });

  // One merchant for the three: a chargeback's debit waits for the next payout, so each later case
  // collects more than the earlier ones took back, or its payout would be zero or less and not made.
  it.each([
    ['payment_paid_out', 2300],
    ['payment_charged_back', 2300],
    ['payment_late_failure', 5000],
  ] as const)('%s pays the payment out in a real payout, whose items count it', async (simulator, amount) => {
    const payment = await newPayment(await activeBacsMandate(), amount);
    expect((await run(simulator, payment.id)).status).toBe(200);
    const paid = await getPayment(payment.id);
    expect(paid.links.payout).toMatch(/^PO/);
    const paidOut = (await eventsOf(`payment=${payment.id}`)).find((e) => e.action === 'paid_out');
    expect(paidOut.links.payout).toBe(paid.links.payout);
    const items = (await m.api.get(`/payout_items?payout=${paid.links.payout}`)).body.payout_items;
    expect(items).toContainEqual(
      expect.objectContaining({
        type: 'payment_paid_out',
        amount: String(amount),
        links: expect.objectContaining({ payment: payment.id }),
      }),
    );
  });

  it('payment_charged_back on a SEPA payment: paid out, then disputed with the scheme code; the mandate activated with it', async () => {
    const mandate = await newMandate('EUR');
    expect(mandate.status).toBe('pending_submission');
    const payment = await newPayment(mandate);
    expect((await run('payment_charged_back', payment.id)).status).toBe(200);
    expect((await getPayment(payment.id)).status).toBe('charged_back');
    const events = await eventsOf(`payment=${payment.id}`);
    expect(events.map((e) => e.action)).toEqual(['created', 'submitted', 'confirmed', 'paid_out', 'charged_back']);
    expect(events[4].details).toMatchObject({
      origin: 'bank',
      cause: 'authorisation_disputed',
      reason_code: 'MD06',
      scheme: 'sepa_core',
    });
    expect((await getMandate(mandate.id)).status).toBe('active');
    expect(await actionsOf(`mandate=${mandate.id}`)).toEqual(['created', 'submitted', 'active']);
  });

  it('payment_late_failure runs from pending submission or from paid out, and not on Autogiro', async () => {
    const mandate = await activeBacsMandate();
    const fresh = await newPayment(mandate);
    expect((await run('payment_late_failure', fresh.id)).status).toBe(200);
    expect(await actionsOf(`payment=${fresh.id}`)).toEqual(['created', 'submitted', 'confirmed', 'paid_out', 'failed']);

    const paid = await newPayment(mandate);
    expect((await run('payment_paid_out', paid.id)).status).toBe(200);
    expect((await run('payment_late_failure', paid.id)).status).toBe(200);
    expect((await getPayment(paid.id)).status).toBe('failed');

    const autogiro = await newMandate('SEK');
    expect((await run('mandate_activated', autogiro.id)).status).toBe(200);
    const swedish = await newPayment(autogiro, 10000);
    const refused = await run('payment_late_failure', swedish.id);
    expect(refused.status).toBe(422);
    expect(refused.body.error.type).toBe('invalid_state');
    expect(reasonOf(refused)).toBe('scenario_simulator_not_applicable');
    expect((await getPayment(swedish.id)).status).toBe('pending_submission');
  });

  it('refuses a payment that is not pending submission, or whose mandate cannot collect yet, and changes nothing', async () => {
    const mandate = await activeBacsMandate();
    const payment = await newPayment(mandate);
    await post(m.api, `/payments/${payment.id}/actions/cancel`, { data: {} });
    const cancelled = await run('payment_confirmed', payment.id);
    expect(cancelled.status).toBe(422);
    expect(reasonOf(cancelled)).toBe('scenario_simulator_not_applicable');

    // A Bacs mandate still pending submission is not active: its payments wait for it.
    const waiting = await newPayment(await newMandate('GBP'));
    const early = await run('payment_confirmed', waiting.id);
    expect(reasonOf(early)).toBe('scenario_simulator_not_applicable');
    expect(await actionsOf(`payment=${waiting.id}`)).toEqual(['created']);
  });

  it('lets only one of two simultaneous runs on a payment through', async () => {
    const payment = await newPayment(await activeBacsMandate());
    const results = await Promise.all([run('payment_failed', payment.id), run('payment_paid_out', payment.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const actions = await actionsOf(`payment=${payment.id}`);
    expect(actions.filter((a) => a === 'submitted')).toHaveLength(1);
  });
});

describe('mandate simulators', () => {
  it('mandate_failed: the bank rejects the account details; the mandate fails with its reason code and cancels its payments', async () => {
    const mandate = await newMandate('GBP');
    const payment = await newPayment(mandate);
    expect((await run('mandate_failed', mandate.id)).status).toBe(200);
    expect((await getMandate(mandate.id)).status).toBe('failed');
    const failed = (await eventsOf(`mandate=${mandate.id}`)).at(-1);
    expect(failed).toMatchObject({
      action: 'failed',
      details: { origin: 'bank', cause: 'invalid_bank_details', reason_code: 'AUDDIS-5', scheme: 'bacs' },
    });
    expect((await getPayment(payment.id)).status).toBe('cancelled');
    // Its booked submission is gone with it.
    await server.schemeClock.runDue();
    expect((await getMandate(mandate.id)).status).toBe('failed');
  });

  it('mandate_submitted then mandate_activated walk a Bacs mandate through the bank', async () => {
    const mandate = await newMandate('GBP');
    expect((await run('mandate_submitted', mandate.id)).status).toBe(200);
    expect((await getMandate(mandate.id)).status).toBe('submitted');
    expect((await run('mandate_activated', mandate.id)).status).toBe(200);
    expect((await getMandate(mandate.id)).status).toBe('active');
    expect(await actionsOf(`mandate=${mandate.id}`)).toEqual(['created', 'submitted', 'active']);
  });

  it('mandate_expired: an expired mandate can then be reinstated', async () => {
    const mandate = await newMandate('GBP');
    expect((await run('mandate_expired', mandate.id)).status).toBe(200);
    expect(await getMandate(mandate.id)).toMatchObject({ status: 'expired' });
    expect((await eventsOf(`mandate=${mandate.id}`)).at(-1).details).toMatchObject({
      origin: 'bank',
      cause: 'mandate_expired',
    });
    expect((await m.api.post(`/mandates/${mandate.id}/actions/reinstate`, { data: {} })).status).toBe(200);
  });

  it.each([
    ['mandate_activated', 'USD', 'ACH activates with its first payment'],
    ['mandate_failed', 'EUR', 'not SEPA'],
    ['mandate_submitted', 'USD', 'Bacs, Autogiro and Betalingsservice only'],
    ['mandate_suspended_by_payer', 'GBP', 'PayTo only'],
  ] as const)('refuses %s on a %s mandate (%s)', async (simulator, currency, _why) => {
    const mandate = await newMandate(currency);
    const res = await run(simulator, mandate.id);
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('scenario_simulator_not_applicable');
    expect((await getMandate(mandate.id)).status).toBe(mandate.status);
    expect(await actionsOf(`mandate=${mandate.id}`)).toEqual(['created']);
  });

  it('refuses a move the state table does not allow: an active mandate cannot fail', async () => {
    const mandate = await activeBacsMandate();
    const res = await run('mandate_failed', mandate.id);
    expect(res.status).toBe(422);
    expect(reasonOf(res)).toBe('scenario_simulator_not_applicable');
  });

  it('mandate_suspended_by_payer: the payer pauses a PayTo agreement', async () => {
    const br = (
      await post(
        m.api,
        '/billing_requests',
        { billing_requests: { mandate_request: { scheme: 'pay_to', constraints: { max_amount_per_payment: 5000 } } } },
        201,
      )
    ).billing_requests;
    const actions = `/billing_requests/${br.id}/actions`;
    await post(m.api, `${actions}/collect_customer_details`, { data: { customer: CUSTOMER_DETAILS.AUD.customer } });
    await post(m.api, `${actions}/collect_bank_account`, {
      data: { account_holder_name: 'Bruce Smith', pay_id: 'bruce@example.com.au' },
    });
    const flow = (
      await post(m.api, '/billing_request_flows', { billing_request_flows: { links: { billing_request: br.id } } }, 201)
    ).billing_request_flows;
    const payer = {
      organisationId: m.organisationId,
      origin: 'payer' as const,
      source: { type: 'billing_request_flow' as const },
    };
    const auth = await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.createForFlow(tx, payer, {
        billingRequestId: br.id,
        flowId: flow.id,
        redirectUri: 'https://x',
      }),
    );
    await server.services.db.transaction((tx) =>
      server.services.bankAuthorisations.complete(tx, payer, auth.id, 'authorised'),
    );
    const mandateId = (await post(m.api, `${actions}/fulfil`, { data: {} })).billing_requests.links
      .mandate_request_mandate;
    expect((await getMandate(mandateId)).status).toBe('active');
    expect((await run('mandate_suspended_by_payer', mandateId)).status).toBe(200);
    expect((await getMandate(mandateId)).status).toBe('suspended_by_payer');
    expect((await eventsOf(`mandate=${mandateId}`)).at(-1)).toMatchObject({
      action: 'suspended_by_payer',
      details: { origin: 'bank', cause: 'suspended_by_payer' },
    });
  });
});

describe('billing request simulators', () => {
  /** An instant GBP payment request with everything done but the payer's trip to their bank. */
  async function awaitingBank(merchant = m) {
    const br = (
      await post(
        merchant.api,
        '/billing_requests',
        { billing_requests: { payment_request: { amount: 2000, currency: 'GBP', description: 'Order 7' } } },
        201,
      )
    ).billing_requests;
    await post(merchant.api, `/billing_requests/${br.id}/actions/collect_customer_details`, {
      data: { customer: CUSTOMER_DETAILS.GBP.customer },
    });
    await post(merchant.api, `/billing_requests/${br.id}/actions/select_institution`, {
      data: { institution: 'monzo', country_code: 'GB' },
    });
    return br.id as string;
  }
  const getRequest = async (id: string) => (await m.api.get(`/billing_requests/${id}`)).body.billing_requests;

  it.each([
    ['billing_request_fulfilled_and_payment_failed', 'failed', ['created', 'submitted', 'failed']],
    [
      'billing_request_fulfilled_and_payment_confirmed_to_failed',
      'failed',
      ['created', 'submitted', 'confirmed', 'failed'],
    ],
    ['billing_request_fulfilled_and_payment_paid_out', 'paid_out', ['created', 'submitted', 'confirmed', 'paid_out']],
  ])('%s: authorised at the bank, fulfilled, and the payment ends %s', async (simulator, status, actions) => {
    const id = await awaitingBank();
    const res = await run(simulator, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ scenario_simulators: { id: simulator } });
    const request = await getRequest(id);
    expect(request.status).toBe('fulfilled');
    expect(request.actions.find((a: { type: string }) => a.type === 'bank_authorisation').status).toBe('completed');
    const paymentId = request.links.payment_request_payment;
    expect(await getPayment(paymentId)).toMatchObject({ status, amount: 2000, scheme: 'faster_payments' });
    const events = await eventsOf(`payment=${paymentId}`);
    expect(events.map((e) => e.action)).toEqual(actions);
    if (status === 'failed')
      expect(events.at(-1).details).toMatchObject({
        origin: 'bank',
        cause: 'insufficient_funds',
        will_attempt_retry: false,
      });
    expect(await actionsOf(`billing_request=${id}&action=fulfilled`)).toEqual(['fulfilled']);
  });

  it('billing_request_fulfilled leaves the payment to the scheme clock, which collects it', async () => {
    const id = await awaitingBank();
    expect((await run('billing_request_fulfilled', id)).status).toBe(200);
    const paymentId = (await getRequest(id)).links.payment_request_payment;
    expect((await getPayment(paymentId)).status).toBe('pending_submission');
    await server.schemeClock.runDue();
    expect((await getPayment(paymentId)).status).toBe('paid_out');
  });

  it('refuses a request with other actions outstanding, without a payment request, or already fulfilled, and creates nothing', async () => {
    const early = (
      await post(
        m.api,
        '/billing_requests',
        { billing_requests: { payment_request: { amount: 2000, currency: 'GBP' } } },
        201,
      )
    ).billing_requests;
    const mandateOnly = (
      await post(m.api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201)
    ).billing_requests;
    const done = await awaitingBank();
    expect((await run('billing_request_fulfilled', done)).status).toBe(200);
    for (const id of [early.id, mandateOnly.id, done]) {
      const res = await run('billing_request_fulfilled_and_payment_paid_out', id);
      expect(res.status).toBe(422);
      expect(res.body.error.type).toBe('invalid_state');
      expect(reasonOf(res)).toBe('scenario_simulator_not_applicable');
    }
    expect(await getRequest(early.id)).toMatchObject({ status: 'pending' });
    expect((await getRequest(early.id)).links.payment_request_payment).toBeUndefined();
    expect((await getRequest(mandateOnly.id)).status).toBe('pending');
  });

  it('answers 404 for another organisation’s billing request and leaves it pending', async () => {
    const theirs = await awaitingBank(other);
    const res = await run('billing_request_fulfilled', theirs);
    expect(res.status).toBe(404);
    expect(reasonOf(res)).toBe('link_not_found');
    expect((await other.api.get(`/billing_requests/${theirs}`)).body.billing_requests.status).toBe('pending');
  });
});

describe('running a simulator: the request', () => {
  it('answers 404 for an unknown simulator, an unknown resource, a resource of the wrong kind, or another organisation’s', async () => {
    const mandate = await activeBacsMandate();
    const payment = await newPayment(mandate);
    const unknown = await run('payment_exploded', payment.id);
    expect(unknown.status).toBe(404);
    expect(reasonOf(unknown)).toBe('resource_not_found');
    for (const res of [
      await run('payment_failed', 'PM00000000000000000000000000'),
      await run('payment_failed', mandate.id),
      await run('payment_failed', payment.id, other),
    ]) {
      expect(res.status).toBe(404);
      expect(reasonOf(res)).toBe('link_not_found');
    }
    expect((await getPayment(payment.id)).status).toBe('pending_submission');
  });

  it('needs links.resource, nothing else in the body, and a read_write token', async () => {
    const payment = await newPayment(await activeBacsMandate());
    const missing = await m.api.post('/scenario_simulators/payment_failed/actions/run', { data: { links: {} } });
    expect(missing.status).toBe(422);
    expect(missing.body.error.type).toBe('validation_failed');
    const extra = await m.api.post('/scenario_simulators/payment_failed/actions/run', {
      data: { links: { resource: payment.id }, amount: 1 },
    });
    expect(extra.status).toBe(400);
    expect(reasonOf(extra)).toBe('invalid_type');
    const readOnly = await m.readOnly.post('/scenario_simulators/payment_failed/actions/run', {
      data: { links: { resource: payment.id } },
    });
    expect(readOnly.status).toBe(403);
    expect(reasonOf(readOnly)).toBe('insufficient_permissions');
    expect((await getPayment(payment.id)).status).toBe('pending_submission');
  });
});

describe('POST /payments/{id}/actions/retry', () => {
  async function failedPayment() {
    const mandate = await activeBacsMandate();
    const payment = await newPayment(mandate);
    expect((await run('payment_failed', payment.id)).status).toBe(200);
    return { mandate, payment };
  }

  it('refuses a payment that has not failed (retry_failed) and a charge date the mandate cannot meet', async () => {
    const payment = await newPayment(await activeBacsMandate());
    const notFailed = await m.api.post(`/payments/${payment.id}/actions/retry`, { data: {} });
    expect(notFailed.status).toBe(422);
    expect(reasonOf(notFailed)).toBe('retry_failed');

    const { payment: failed } = await failedPayment();
    const tooEarly = await m.api.post(`/payments/${failed.id}/actions/retry`, { data: { charge_date: '2026-03-02' } });
    expect(tooEarly.status).toBe(422);
    expect(tooEarly.body.error.errors.map((e: { field: string }) => e.field)).toEqual(['charge_date']);
    expect((await getPayment(failed.id)).status).toBe('failed');
  });

  it('refuses when the mandate can no longer collect, and answers 404 for another organisation’s payment', async () => {
    const { mandate, payment } = await failedPayment();
    await post(m.api, `/mandates/${mandate.id}/actions/cancel`, { data: {} });
    const inactive = await m.api.post(`/payments/${payment.id}/actions/retry`, { data: {} });
    expect(inactive.status).toBe(422);
    expect(reasonOf(inactive)).toBe('mandate_is_inactive');
    const foreign = await other.api.post(`/payments/${payment.id}/actions/retry`, { data: {} });
    expect(foreign.status).toBe(404);
    expect((await getPayment(payment.id)).status).toBe('failed');
  });

  it('puts a failed payment back to pending submission on a new charge date, with the metadata on its event, and the clock submits it', async () => {
    const { mandate, payment } = await failedPayment();
    const chargeDate = (await getMandate(mandate.id)).next_possible_charge_date;
    const res = await m.api.post(`/payments/${payment.id}/actions/retry`, {
      data: { charge_date: chargeDate, metadata: { attempt: '2' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.payments).toMatchObject({ status: 'pending_submission', charge_date: chargeDate });
    const retried = (await eventsOf(`payment=${payment.id}`)).at(-1);
    expect(retried).toMatchObject({
      action: 'resubmission_requested',
      metadata: { attempt: '2' },
      details: { origin: 'api', cause: 'payment_retried' },
    });

    // On its charge date the scheme clock collects it again (instantly, in the sandbox). The clock
    // only moves forward, so this test comes last.
    clock.set(`${chargeDate}T12:00:00.000Z`);
    await server.schemeClock.runDue();
    expect((await getPayment(payment.id)).status).toBe('paid_out');
    expect((await actionsOf(`payment=${payment.id}`)).slice(-4)).toEqual([
      'resubmission_requested',
      'submitted',
      'confirmed',
      'paid_out',
    ]);
  });
});
