import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let m: Merchant;
let other: Merchant;
let mandateId: string;

// Monday 2 March 2026, 10:00 in London.
const START = '2026-03-02T10:00:00.000Z';

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
  other = await server.merchant();
  mandateId = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
});
afterAll(() => server?.close());

const reasonOf = (res: { body: any }) => res.body.error.errors[0].reason;
const datesOf = (list: { charge_date: string }[]) => list.map((p) => p.charge_date);

/** A monthly subscription on the 15th (15 March 2026 is a Sunday: charged on the 16th). */
async function subscribe(overrides: Record<string, unknown> = {}) {
  const body = await post(
    m.api,
    '/subscriptions',
    {
      subscriptions: {
        amount: 1500,
        currency: 'GBP',
        interval_unit: 'monthly',
        day_of_month: 15,
        links: { mandate: mandateId },
        ...overrides,
      },
    },
    201,
  );
  return body.subscriptions as { id: string; upcoming_payments: { charge_date: string; amount: number }[] };
}
const paymentsOf = async (id: string) =>
  (await m.api.get(`/payments?subscription=${id}&limit=500`)).body.payments as { charge_date: string }[];
const eventsOf = async (id: string) =>
  ((await m.api.get(`/events?subscription=${id}&limit=500`)).body.events as any[]).filter(
    (e) => e.resource_type === 'subscriptions',
  );
const scheduled = async (id: string) =>
  (
    await server.services.db.query<{ transition: string }>(
      'SELECT transition FROM scheduled_transitions WHERE resource_id = $1',
      [id],
    )
  ).rows.map((r) => r.transition);

/** Moves the injected clock to `until`, a day at a time, letting the scheme clock do each day's work. */
async function driveTo(until: string) {
  let at = clock.now().getTime();
  const end = new Date(until).getTime();
  while (at < end) {
    at = Math.min(end, at + 86_400_000);
    clock.set(new Date(at).toISOString());
    while ((await server.schemeClock.runDue()) > 0);
  }
}

describe('POST /subscriptions/{id}/actions/pause and resume', () => {
  it('pauses until resumed: no payment is created meanwhile, and the next is charged on earliest_charge_date_after_resume', async () => {
    clock.set(START);
    const sub = await subscribe();
    expect(datesOf(await paymentsOf(sub.id))).toEqual(['2026-03-16']);

    const res = await m.api.post(`/subscriptions/${sub.id}/actions/pause`, { data: { metadata: { why: 'holiday' } } });
    expect(res.status).toBe(200);
    expect(res.body.subscriptions).toMatchObject({ status: 'paused', upcoming_payments: [] });
    expect(res.body.subscriptions.earliest_charge_date_after_resume).toBe('2026-04-15');
    expect(await scheduled(sub.id)).toEqual([]);
    const paused = (await eventsOf(sub.id))[0];
    expect(paused).toMatchObject({
      action: 'paused',
      metadata: { why: 'holiday' },
      details: { cause: 'subscription_paused' },
    });

    // Two months pass: the April and May charges are never created.
    await driveTo('2026-05-20T10:00:00.000Z');
    expect(datesOf(await paymentsOf(sub.id))).toEqual(['2026-03-16']);
    const shown = (await m.api.get(`/subscriptions/${sub.id}`)).body.subscriptions.earliest_charge_date_after_resume;
    expect(shown).toBe('2026-06-15');

    const resumed = await m.api.post(`/subscriptions/${sub.id}/actions/resume`, {
      data: { metadata: { why: 'back' } },
    });
    expect(resumed.status).toBe(200);
    expect(resumed.body.subscriptions.status).toBe('active');
    expect(resumed.body.subscriptions.earliest_charge_date_after_resume).toBeNull();
    expect(datesOf(resumed.body.subscriptions.upcoming_payments).slice(0, 3)).toEqual([
      '2026-06-15',
      '2026-07-15',
      '2026-08-17',
    ]);
    await driveTo('2026-05-21T10:00:00.000Z');
    expect(datesOf(await paymentsOf(sub.id))).toEqual([shown, '2026-03-16']);
    const actions = (await eventsOf(sub.id)).map((e) => e.action);
    expect(actions).toEqual(['payment_created', 'resumed', 'paused', 'payment_created', 'created']);
    expect((await eventsOf(sub.id))[1]).toMatchObject({ metadata: { why: 'back' }, details: { origin: 'api' } });
  });

  it('pauses for pause_cycles: those charges are skipped, the clock resumes it by itself, and count still ends it', async () => {
    clock.set(START);
    const sub = await subscribe({ count: 4 });
    const res = await m.api.post(`/subscriptions/${sub.id}/actions/pause`, { data: { pause_cycles: 2 } });
    expect(res.status).toBe(200);
    const paused = res.body.subscriptions;
    expect(paused.status).toBe('paused');
    // The March payment, already created, stays; April and May are skipped; 15 August 2026 is a Saturday.
    expect(paused.upcoming_payments).toEqual([
      { charge_date: '2026-03-16', amount: 1500 },
      { charge_date: '2026-06-15', amount: 1500 },
      { charge_date: '2026-07-15', amount: 1500 },
      { charge_date: '2026-08-17', amount: 1500 },
    ]);
    expect(await scheduled(sub.id)).toEqual(['resume']);

    await driveTo('2026-05-15T10:00:00.000Z');
    expect(datesOf(await paymentsOf(sub.id))).toEqual(['2026-03-16']);
    expect((await m.api.get(`/subscriptions/${sub.id}`)).body.subscriptions.status).toBe('paused');

    await driveTo('2026-08-01T10:00:00.000Z');
    // Exactly what upcoming_payments said when it was paused, and then finished.
    expect(datesOf(await paymentsOf(sub.id)).reverse()).toEqual(datesOf(paused.upcoming_payments));
    const events = await eventsOf(sub.id);
    expect(events.map((e) => e.action)).toEqual([
      'finished',
      'payment_created',
      'payment_created',
      'payment_created',
      'resumed',
      'paused',
      'payment_created',
      'created',
    ]);
    expect(events[4].details).toMatchObject({ origin: 'gocardless', cause: 'subscription_resumed' });
    expect((await m.api.get(`/subscriptions/${sub.id}`)).body.subscriptions.status).toBe('finished');
  });

  it('makes a pause for cycles open-ended when paused again without pause_cycles', async () => {
    clock.set(START);
    const sub = await subscribe();
    await post(m.api, `/subscriptions/${sub.id}/actions/pause`, { data: { pause_cycles: 1 } });
    const again = await m.api.post(`/subscriptions/${sub.id}/actions/pause`, { data: {} });
    expect(again.status).toBe(200);
    expect(again.body.subscriptions).toMatchObject({ status: 'paused', upcoming_payments: [] });
    expect(await scheduled(sub.id)).toEqual([]);
    expect((await eventsOf(sub.id)).map((e) => e.action)).toEqual(['paused', 'paused', 'payment_created', 'created']);
  });

  it('refuses with the reference’s reasons, and writes nothing', async () => {
    clock.set(START);
    const refusals: [string, string, unknown, string][] = [];
    const active = await subscribe();
    refusals.push([active.id, 'resume', {}, 'subscription_not_paused']);
    const withEnd = await subscribe({ end_date: '2027-01-01' });
    refusals.push([withEnd.id, 'pause', {}, 'subscription_cannot_be_paused']);
    const forCycles = await subscribe();
    await post(m.api, `/subscriptions/${forCycles.id}/actions/pause`, { data: { pause_cycles: 3 } });
    refusals.push([forCycles.id, 'pause', { pause_cycles: 1 }, 'subscription_paused_cannot_update_cycles']);
    const openEnded = await subscribe();
    await post(m.api, `/subscriptions/${openEnded.id}/actions/pause`, { data: {} });
    refusals.push([openEnded.id, 'pause', {}, 'subscription_not_active']);
    const cancelled = await subscribe();
    await post(m.api, `/subscriptions/${cancelled.id}/actions/cancel`, { data: {} });
    refusals.push([cancelled.id, 'pause', {}, 'subscription_not_active']);
    refusals.push([cancelled.id, 'resume', {}, 'subscription_not_paused']);
    const finished = await subscribe({ count: 1 });
    refusals.push([finished.id, 'pause', {}, 'subscription_already_ended']);

    for (const [id, action, data, reason] of refusals) {
      const before = { events: (await eventsOf(id)).length, row: (await m.api.get(`/subscriptions/${id}`)).body };
      const res = await m.api.post(`/subscriptions/${id}/actions/${action}`, { data });
      expect(res.status, `${action} → ${reason}`).toBe(422);
      expect(res.body.error.type).toBe('invalid_state');
      expect(reasonOf(res)).toBe(reason);
      expect((await eventsOf(id)).length).toBe(before.events);
      expect((await m.api.get(`/subscriptions/${id}`)).body).toEqual(before.row);
    }
  });

  it('refuses bad input, unknown ids, another organisation’s subscription and read_only tokens', async () => {
    clock.set(START);
    const sub = await subscribe();
    for (const data of [{ pause_cycles: 0 }, { pause_cycles: 'two' }, { pause_cycles: 1.5 }, { pause_cycles: 1001 }]) {
      const res = await m.api.post(`/subscriptions/${sub.id}/actions/pause`, { data });
      expect([400, 422], JSON.stringify(data)).toContain(res.status);
    }
    const unknownField = await m.api.post(`/subscriptions/${sub.id}/actions/resume`, { data: { pause_cycles: 1 } });
    expect([400, 422]).toContain(unknownField.status);
    for (const action of ['pause', 'resume']) {
      const unknown = await m.api.post(`/subscriptions/SB000000000000000000000000000/actions/${action}`, { data: {} });
      expect(unknown.status).toBe(404);
      expect(reasonOf(unknown)).toBe('resource_not_found');
      const foreign = await other.api.post(`/subscriptions/${sub.id}/actions/${action}`, { data: {} });
      expect(foreign.status).toBe(404);
      expect(reasonOf(foreign)).toBe('resource_not_found');
      expect((await m.readOnly.post(`/subscriptions/${sub.id}/actions/${action}`, { data: {} })).status).toBe(403);
    }
    expect((await m.api.get(`/subscriptions/${sub.id}`)).body.subscriptions.status).toBe('active');
    expect((await eventsOf(sub.id)).map((e) => e.action)).toEqual(['payment_created', 'created']);
  });
});
