import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import type { Merchant } from '../support/factories';
import { post } from '../support/journeys';
import { activeMandate, simulate } from '../support/money';
import { startReceiver, type Receiver } from '../support/receiver';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Sandbox test clocks (issue #39, decision 0079): an organisation's time frozen and moved forward
 * through `/sandbox/clock`, everything that falls due meanwhile applied in time order as the
 * scheme clock would have on those days. The server's own clock (real time here) never moves:
 * whatever happens to the organisation happens through its advance alone.
 */
let server: TestServer;
const REAL = '2026-11-23T10:00:00.000Z'; // a Monday
const clock = new ManualClock(REAL);

let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startTestServer({
    clock,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0, sender: receiver.sender() },
  });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const advance = (m: Merchant, data: Record<string, unknown>) => m.api.post('/sandbox/clock/actions/advance', { data });

describe('sandbox clock: freeze, advance, get, unfreeze', () => {
  it('follows real time until frozen, stands still, moves forward when told, and runs on once unfrozen', async () => {
    const m = await server.merchant();
    const start = await m.api.get('/sandbox/clock');
    expect(start.status, start.text).toBe(200);
    expect(start.body.sandbox_clocks).toEqual({ now: REAL, status: 'real_time' });

    const frozen = await m.api.post('/sandbox/clock/actions/freeze', {});
    expect(frozen.status, frozen.text).toBe(200);
    expect(frozen.body.sandbox_clocks).toEqual({ now: REAL, status: 'frozen' });
    clock.advance(60_000);
    expect((await m.api.get('/sandbox/clock')).body.sandbox_clocks).toEqual({ now: REAL, status: 'frozen' });

    const byMonth = await advance(m, { by: 'P1M' });
    expect(byMonth.status, byMonth.text).toBe(200);
    expect(byMonth.body.sandbox_clocks).toEqual({ now: '2026-12-23T10:00:00.000Z', status: 'frozen' });
    // A calendar month: one after 31 January is the last day of February.
    expect((await advance(m, { to: '2027-01-31T12:00:00Z' })).status).toBe(200);
    expect((await advance(m, { by: 'P1M' })).body.sandbox_clocks.now).toBe('2027-02-28T12:00:00.000Z');
    expect((await advance(m, { by: 'P1DT12H' })).body.sandbox_clocks.now).toBe('2027-03-02T00:00:00.000Z');
    const to = await advance(m, { to: '2027-06-01T09:00:00Z' });
    expect(to.body.sandbox_clocks).toEqual({ now: '2027-06-01T09:00:00.000Z', status: 'frozen' });
    // What the organisation writes now carries its own time.
    const customer = await post(
      m.api,
      '/customers',
      { customers: { email: 'clock@example.com', given_name: 'Ada' } },
      201,
    );
    expect((customer.customers as { created_at: string }).created_at).toBe('2027-06-01T09:00:00.000Z');

    const running = await m.api.post('/sandbox/clock/actions/unfreeze', {});
    expect(running.body.sandbox_clocks).toEqual({ now: '2027-06-01T09:00:00.000Z', status: 'running' });
    clock.advance(5_000);
    expect((await m.api.get('/sandbox/clock')).body.sandbox_clocks).toEqual({
      now: '2027-06-01T09:00:05.000Z',
      status: 'running',
    });
    // Freezing a running clock stops it where it has got to; a read-only token reads but cannot move it.
    expect((await m.api.post('/sandbox/clock/actions/freeze', {})).body.sandbox_clocks.now).toBe(
      '2027-06-01T09:00:05.000Z',
    );
    expect((await m.readOnly.get('/sandbox/clock')).status).toBe(200);
    expect((await m.readOnly.post('/sandbox/clock/actions/advance', { data: { by: 'P1D' } })).status).toBe(403);
  });

  it('refuses going backwards, both or neither of to and by, and what is not a time or a duration, changing nothing', async () => {
    const m = await server.merchant();
    await m.api.post('/sandbox/clock/actions/freeze', {});
    const now = (await m.api.get('/sandbox/clock')).body.sandbox_clocks.now as string;
    const cases: [Record<string, unknown>, string][] = [
      [{ to: '2020-01-01T00:00:00Z' }, 'to'], // backwards
      [{ to: '2027-01-01T00:00:00Z', by: 'P1M' }, 'by'], // both
      [{}, 'to'], // neither
      [{ by: 'one month' }, 'by'],
      [{ by: 'P' }, 'by'],
      [{ to: '2027-01-01' }, 'to'], // a date, not a time
      [{ by: 'P30Y' }, 'by'],
    ];
    for (const [data, field] of cases) {
      const res = await advance(m, data);
      expect(res.status, `${JSON.stringify(data)}: ${res.text}`).toBe(422);
      expect(res.body.error.type).toBe('validation_failed');
      expect(res.body.error.errors[0]).toMatchObject({ field });
    }
    expect((await m.api.get('/sandbox/clock')).body.sandbox_clocks).toEqual({ now, status: 'frozen' });
  });

  it("is one organisation's: another organisation stays on real time", async () => {
    const moved = await server.merchant();
    const other = await server.merchant();
    await advance(moved, { by: 'P2Y' });
    const real = clock.now().toISOString();
    expect((await other.api.get('/sandbox/clock')).body.sandbox_clocks).toEqual({ now: real, status: 'real_time' });
    const customer = await post(
      other.api,
      '/customers',
      { customers: { email: 'o@example.com', given_name: 'Bo' } },
      201,
    );
    expect((customer.customers as { created_at: string }).created_at).toBe(real);
  });

  it('leaves a frozen organisation to its own clock: the background scheme clock and payout run pass it over, its advance or its running clock apply its moves', async () => {
    const frozen = await server.merchant(undefined, { payoutAccounts: true });
    const other = await server.merchant(undefined, { payoutAccounts: true });
    const payments: Record<string, string> = {};
    for (const [name, m] of [
      ['frozen', frozen],
      ['other', other],
    ] as const) {
      const mandate = await activeMandate(m);
      const body = await post(
        m.api,
        '/payments',
        { payments: { amount: 1000, currency: 'GBP', links: { mandate } } },
        201,
      );
      payments[name] = (body.payments as { id: string }).id;
    }
    await frozen.api.post('/sandbox/clock/actions/freeze', {});
    // A month of real time passes; only the organisation on real time sees its payment through.
    clock.advance(31 * 86_400_000);
    await server.schemeClock.runDue();
    await server.payoutRunner.runDue();
    await server.schemeClock.runDue();
    expect((await other.api.get(`/payments/${payments.other}`)).body.payments.status).toBe('paid_out');
    expect((await frozen.api.get(`/payments/${payments.frozen}`)).body.payments.status).toBe('pending_submission');
    // Its own advance applies it.
    expect((await advance(frozen, { by: 'PT1S' })).status).toBe(200);
    expect((await frozen.api.get(`/payments/${payments.frozen}`)).body.payments.status).toBe('paid_out');

    // Unfrozen, its clock runs on, and the server's loop for running test clocks applies its moves.
    const mandate = (await frozen.api.get('/mandates?status=active')).body.mandates[0].id as string;
    const later = await post(
      frozen.api,
      '/payments',
      { payments: { amount: 700, currency: 'GBP', links: { mandate } } },
      201,
    );
    await frozen.api.post('/sandbox/clock/actions/unfreeze', {});
    clock.advance(1000);
    await server.schemeClock.runDue();
    const id = (later.payments as { id: string }).id;
    expect((await frozen.api.get(`/payments/${id}`)).body.payments.status).toBe('pending_submission');
    await server.services.sandboxClocks.runDue();
    expect((await frozen.api.get(`/payments/${id}`)).body.payments.status).toBe('paid_out');
    expect((await frozen.api.get('/sandbox/clock')).body.sandbox_clocks.status).toBe('running');
  });

  it('is documented in the OpenAPI document as a bankflow extension', async () => {
    const doc = (await server.anonymous.get('/openapi.json')).body;
    for (const [path, method] of [
      ['/sandbox/clock', 'get'],
      ['/sandbox/clock/actions/freeze', 'post'],
      ['/sandbox/clock/actions/advance', 'post'],
      ['/sandbox/clock/actions/unfreeze', 'post'],
    ] as const) {
      expect(doc.paths[path][method]['x-bankflow-extension'], path).toBe(true);
    }
  });
});

// England and Wales bank holidays of the window (schemes.md § 1: Bacs follows them), by hand.
const HOLIDAYS = new Set([
  '2026-12-25',
  '2026-12-28',
  '2027-01-01',
  '2027-03-26',
  '2027-03-29',
  '2027-05-03',
  '2027-05-31',
  '2027-08-30',
  '2027-12-27',
  '2027-12-28',
]);
const dayMs = 86_400_000;
const shift = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs).toISOString().slice(0, 10);
const isWorkingDay = (day: string) => ![0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay()) && !HOLIDAYS.has(day);
/** Bacs, active mandate: submitted on the working day that leaves 3 working days' notice before the charge date. */
function submissionDay(chargeDate: string): string {
  let day = chargeDate;
  for (let left = 3; left > 0;) {
    day = shift(day, -1);
    if (isWorkingDay(day)) left--;
  }
  return day;
}
/** Midnight in London (the Bacs calendar's day start): British Summer Time from 28 March to 31 October 2027. */
const londonMidnight = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - (day >= '2027-03-28' && day < '2027-10-31' ? 3_600_000 : 0)).toISOString();

interface WireEvent {
  id: string;
  created_at: string;
  resource_type: string;
  action: string;
  links: Record<string, string>;
}

async function allEvents(m: Merchant, query = ''): Promise<WireEvent[]> {
  const events: WireEvent[] = [];
  let after: string | null = null;
  do {
    const res: { status: number; text: string; body: any } = await m.api.get(
      `/events?limit=500${query}${after ? `&after=${after}` : ''}`,
    );
    expect(res.status, res.text).toBe(200);
    events.push(...(res.body.events as WireEvent[]));
    after = (res.body.meta as { cursors: { after: string | null } }).cursors.after;
  } while (after);
  return events;
}

describe('sandbox clock: a monthly subscription over 13 months', () => {
  it('creates its 13 payments on their dates, and every event falls when the scheme timings say, a failed and retried one included', async () => {
    const m = await server.merchant(undefined, { payoutAccounts: true });
    clock.set(REAL);
    await m.api.post('/sandbox/clock/actions/freeze', {});
    const mandate = await activeMandate(m);
    const created = await post(
      m.api,
      '/subscriptions',
      {
        subscriptions: {
          amount: 1500,
          currency: 'GBP',
          name: 'Monthly plan',
          interval_unit: 'monthly',
          day_of_month: 15,
          count: 13,
          links: { mandate },
        },
      },
      201,
    );
    const subscription = (created.subscriptions as { id: string }).id;

    // The 15th of each month, a day the scheme does not work moved to its next working day.
    const chargeDates = [
      '2026-12-15',
      '2027-01-15',
      '2027-02-15',
      '2027-03-15',
      '2027-04-15',
      '2027-05-17',
      '2027-06-15',
      '2027-07-15',
      '2027-08-16',
      '2027-09-15',
      '2027-10-15',
      '2027-11-15',
      '2027-12-15',
    ];

    // Up to just after the third payment is created (30 days before its charge date), not yet submitted.
    expect((await advance(m, { to: '2027-01-20T00:00:00Z' })).status).toBe(200);
    const third = (await m.api.get(`/payments?subscription=${subscription}&charge_date[gte]=2027-02-15`)).body
      .payments as { id: string; status: string; charge_date: string }[];
    expect(third).toHaveLength(1);
    expect(third[0]).toMatchObject({ status: 'pending_submission', charge_date: '2027-02-15' });
    const failing = third[0]!.id;
    await simulate(m, 'payment_failed', failing);
    const retried = await m.api.post(`/payments/${failing}/actions/retry`, { data: { charge_date: '2027-02-22' } });
    expect(retried.status, retried.text).toBe(200);

    // The rest of the 13 months at once.
    const end = await advance(m, { to: '2027-12-23T10:00:00Z' });
    expect(end.status, end.text).toBe(200);
    expect(end.body.sandbox_clocks).toEqual({ now: '2027-12-23T10:00:00.000Z', status: 'frozen' });

    const payments = (await m.api.get(`/payments?subscription=${subscription}&limit=50`)).body.payments as {
      id: string;
      status: string;
      charge_date: string;
    }[];
    payments.sort((a, b) => (a.id < b.id ? -1 : 1));
    expect(payments.map((p) => p.charge_date)).toEqual(chargeDates.map((d) => (d === '2027-02-15' ? '2027-02-22' : d)));
    expect(payments.every((p) => p.status === 'paid_out')).toBe(true);
    expect((await m.api.get(`/subscriptions/${subscription}`)).body.subscriptions.status).toBe('finished');

    // Each payment's events, day by day, as the sandbox's Bacs timings give them: created 30 days
    // before its charge date (the first at once), submitted at the start of its submission day,
    // confirmed and paid out at that moment (the sandbox's bank answers at once).
    for (const [k, payment] of payments.entries()) {
      const chargeDate = chargeDates[k]!;
      const createdAt = k === 0 ? REAL : `${shift(chargeDate, -30)}T00:00:00.000Z`;
      const events = (await allEvents(m, `&payment=${payment.id}`)).filter((e) => e.resource_type === 'payments');
      events.sort((a, b) => (a.id < b.id ? -1 : 1));
      const timeline = events.map((e) => [e.action, e.created_at]);
      if (payment.id === failing) {
        const at = '2027-01-20T00:00:00.000Z';
        const resubmitted = londonMidnight(submissionDay('2027-02-22'));
        expect(timeline).toEqual([
          ['created', createdAt],
          ['submitted', at],
          ['failed', at],
          ['resubmission_requested', at],
          ['submitted', resubmitted],
          ['confirmed', resubmitted],
          ['paid_out', resubmitted],
        ]);
      } else {
        const submitted = londonMidnight(submissionDay(chargeDate));
        expect(timeline, chargeDate).toEqual([
          ['created', createdAt],
          ['submitted', submitted],
          ['confirmed', submitted],
          ['paid_out', submitted],
        ]);
      }
    }

    // The organisation's whole history reads in time order, and its payouts were paid as they came.
    const history = await allEvents(m);
    const byId = [...history].sort((a, b) => (a.id < b.id ? -1 : 1)).map((e) => e.created_at);
    expect(byId).toEqual([...byId].sort());
    const subscriptionEvents = history.filter((e) => e.resource_type === 'subscriptions');
    expect(subscriptionEvents.filter((e) => e.action === 'payment_created')).toHaveLength(13);
    // Finished as its last payment was created, the 13th.
    expect(subscriptionEvents.find((e) => e.action === 'finished')?.created_at).toBe(
      `${shift(chargeDates[12]!, -30)}T00:00:00.000Z`,
    );
    const payouts = history.filter((e) => e.resource_type === 'payouts' && e.action === 'paid');
    expect(payouts).toHaveLength(13);
  });
});

describe('sandbox clock: no horizon', () => {
  it('advances a monthly subscription two years in one request (the bench line of docs/benchmarks-recurring.md)', async () => {
    const m = await server.merchant(undefined, { payoutAccounts: true });
    clock.set(REAL);
    await m.api.post('/sandbox/clock/actions/freeze', {});
    const mandate = await activeMandate(m);
    const created = await post(
      m.api,
      '/subscriptions',
      {
        subscriptions: {
          amount: 990,
          currency: 'GBP',
          name: 'Two years',
          interval_unit: 'monthly',
          day_of_month: 15,
          links: { mandate },
        },
      },
      201,
    );
    const subscription = (created.subscriptions as { id: string }).id;
    await server.services.webhookEndpoints.create(server.services.db, m.organisationId, receiver.url);
    const started = performance.now();
    const res = await advance(m, { by: 'P24M' });
    const seconds = (performance.now() - started) / 1000;
    expect(res.status, res.text).toBe(200);
    expect(res.body.sandbox_clocks).toEqual({ now: '2028-11-23T10:00:00.000Z', status: 'frozen' });
    // December 2026 to December 2028: each created 30 days before its charge date, all but the
    // last (charged 15 December 2028, after the clock) paid out.
    const payments = (await m.api.get(`/payments?subscription=${subscription}&limit=50`)).body.payments as {
      status: string;
      charge_date: string;
    }[];
    expect(payments).toHaveLength(25);
    expect(payments.filter((p) => p.status === 'paid_out')).toHaveLength(24);
    // Its webhooks go out at once, though the events they carry are two years ahead of real time.
    for (let round = 0; round < 20; round++) await server.webhookWorker.runDue();
    const delivered = receiver.received
      .flatMap((r) => r.body.events as unknown as WireEvent[])
      .filter((e) => e.resource_type === 'payments' && e.action === 'paid_out');
    expect(delivered).toHaveLength(24);
    expect(delivered.every((e) => e.created_at > REAL && e.created_at <= '2028-11-23T10:00:00.000Z')).toBe(true);
    // So do its payer notices: each is due on real time, whatever the organisation's clock says.
    await server.services.deliverNotifications();
    const { rows } = await server.services.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM notifications WHERE organisation_id = $1 GROUP BY status`,
      [m.organisationId],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
    console.info(`sandbox clock bench: one subscription advanced 24 months in ${seconds.toFixed(2)} s`);
  });
});

describe('sandbox clock in live', () => {
  it('is refused', async () => {
    const live = await startTestServer({ env: { ENVIRONMENT: 'live' }, schemeClockIntervalMs: 0 });
    try {
      const m = await live.merchant();
      for (const res of [
        await m.api.get('/sandbox/clock'),
        await m.api.post('/sandbox/clock/actions/freeze', {}),
        await advance(m, { by: 'P1M' }),
        await m.api.post('/sandbox/clock/actions/unfreeze', {}),
      ]) {
        expect(res.status).toBe(403);
        expect(res.body.error.type).toBe('invalid_api_usage');
        expect(res.body.error.errors[0].reason).toBe('feature_disabled');
      }
    } finally {
      await live.close();
    }
  });
});
