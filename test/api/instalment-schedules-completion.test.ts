import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let m: Merchant;
let mandateId: string;

// Monday 2 March 2026, 10:00 in New York.
const START = '2026-03-02T15:00:00.000Z';

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant(undefined, { payoutAccounts: true });
  mandateId = (await createMandateViaBillingRequest(m, { currency: 'USD' })).mandateId;
});
afterAll(() => server?.close());

async function createSchedule() {
  const body = await post(
    m.api,
    '/instalment_schedules',
    {
      instalment_schedules: {
        name: 'Piano lessons',
        currency: 'USD',
        total_amount: 6000,
        instalments: { amounts: [2000, 2000, 2000], interval: 1, interval_unit: 'monthly', start_date: '2026-03-31' },
        links: { mandate: mandateId },
      },
    },
    201,
  );
  return body.instalment_schedules as { id: string; links: { payments: string[] } };
}
const statusOf = async (id: string) =>
  (await m.api.get(`/instalment_schedules/${id}`)).body.instalment_schedules.status as string;
const scheduleEvents = async (id: string) =>
  ((await m.api.get(`/events?instalment_schedule=${id}`)).body.events as any[]).filter(
    (e) => e.resource_type === 'instalment_schedules',
  );
const paymentStatuses = async (id: string) =>
  ((await m.api.get(`/payments?instalment_schedule=${id}`)).body.payments as { status: string }[]).map((p) => p.status);
const simulate = (simulator: string, payment: string) =>
  post(m.api, `/scenario_simulators/${simulator}/actions/run`, { data: { links: { resource: payment } } });

async function driveTo(until: string) {
  let at = clock.now().getTime();
  const end = new Date(until).getTime();
  while (at < end) {
    at = Math.min(end, at + 86_400_000);
    clock.set(new Date(at).toISOString());
    while ((await server.schemeClock.runDue()) > 0);
  }
}

describe('instalment schedule completion', () => {
  it('completes, with its event, when the scheme clock pays out the last instalment, and not before', async () => {
    clock.set(START);
    const schedule = await createSchedule();
    // 31 March and 30 April are paid out by mid-May; 31 May's is not yet.
    await driveTo('2026-05-20T15:00:00.000Z');
    expect((await paymentStatuses(schedule.id)).filter((s) => s === 'paid_out')).toHaveLength(2);
    expect(await statusOf(schedule.id)).toBe('active');

    await driveTo('2026-06-15T15:00:00.000Z');
    expect(await paymentStatuses(schedule.id)).toEqual(['paid_out', 'paid_out', 'paid_out']);
    expect(await statusOf(schedule.id)).toBe('completed');
    const events = await scheduleEvents(schedule.id);
    expect(events.map((e) => e.action)).toEqual(['completed', 'created']);
    expect(events[0]).toMatchObject({
      links: { instalment_schedule: schedule.id, mandate: mandateId },
      details: { origin: 'gocardless', cause: 'instalment_schedule_completed' },
    });
    const cancel = await m.api.post(`/instalment_schedules/${schedule.id}/actions/cancel`, { data: {} });
    expect(cancel.status).toBe(422);
    expect(cancel.body.error.errors[0].reason).toBe('cancellation_failed');
  });

  it('completes when the simulators pay out every instalment; a failed instalment keeps it from completing', async () => {
    clock.set(START);
    const paid = await createSchedule();
    const [first, second, third] = paid.links.payments as [string, string, string];
    await simulate('payment_paid_out', first);
    await simulate('payment_paid_out', second);
    expect(await statusOf(paid.id)).toBe('active');
    await simulate('payment_paid_out', third);
    expect(await statusOf(paid.id)).toBe('completed');
    expect((await scheduleEvents(paid.id)).map((e) => e.action)).toEqual(['completed', 'created']);

    const unpaid = await createSchedule();
    const [a, b, c] = unpaid.links.payments as [string, string, string];
    await simulate('payment_paid_out', a);
    await simulate('payment_failed', b);
    await simulate('payment_paid_out', c);
    expect(await statusOf(unpaid.id)).toBe('active');
    expect((await scheduleEvents(unpaid.id)).map((e) => e.action)).toEqual(['created']);
  });
});
