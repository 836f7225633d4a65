import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { startTestServer, type TestServer } from '../support/server';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';

let server: TestServer;
let clock: ManualClock;
let m: Merchant;

// Monday 2 March 2026, 10:00 in London.
const START = '2026-03-02T10:00:00.000Z';

beforeAll(async () => {
  clock = new ManualClock(START);
  server = await startTestServer({ clock, schemeClockIntervalMs: 0 });
  m = await server.merchant();
});
afterAll(() => server?.close());

type Charge = { charge_date: string; amount: number };

async function subscribe(mandate: string, currency: string, rule: Record<string, unknown>) {
  const body = await post(m.api, '/subscriptions', { subscriptions: { currency, links: { mandate }, ...rule } }, 201);
  return body.subscriptions as { id: string; upcoming_payments: Charge[] };
}

/** Moves the injected clock to `until` a day at a time, the scheme clock doing each day's work. */
async function driveTo(until: string) {
  let at = clock.now().getTime();
  const end = new Date(until).getTime();
  while (at < end) {
    at = Math.min(end, at + 86_400_000);
    clock.set(new Date(at).toISOString());
    while ((await server.schemeClock.runDue()) > 0);
  }
}

const createdCharges = async (id: string): Promise<Charge[]> =>
  ((await m.api.get(`/payments?subscription=${id}&limit=500`)).body.payments as Charge[])
    .map((p) => ({ charge_date: p.charge_date, amount: p.amount }))
    .sort((a, b) => a.charge_date.localeCompare(b.charge_date));

describe('upcoming_payments', () => {
  it(
    'are exactly the payments the scheme clock later creates, on the scheme calendars',
    { timeout: 300_000 },
    async () => {
      const bacs = (await createMandateViaBillingRequest(m, { currency: 'GBP' })).mandateId;
      const sepa = (await createMandateViaBillingRequest(m, { currency: 'EUR' })).mandateId;
      const subs = {
        // Month ends: 31 May 2027 is a bank holiday, 31 July and 31 October weekends, 2028 a leap year.
        monthEnds: await subscribe(bacs, 'GBP', {
          amount: 1999,
          interval_unit: 'monthly',
          day_of_month: -1,
          start_date: '2027-05-31',
          count: 10,
        }),
        // Weekly over Christmas: 25 and 28 December 2026 and 1 January 2027 are English bank holidays.
        christmas: await subscribe(bacs, 'GBP', {
          amount: 700,
          interval_unit: 'weekly',
          start_date: '2026-12-25',
          count: 3,
        }),
        // Yearly on 1 January, a TARGET2 holiday every year, over three years.
        newYear: await subscribe(sepa, 'EUR', {
          amount: 12000,
          interval_unit: 'yearly',
          month: 'january',
          day_of_month: 1,
          count: 3,
        }),
        // Every three months on the 28th, endless: its first ten charges are compared.
        quarterly: await subscribe(bacs, 'GBP', {
          amount: 4500,
          interval_unit: 'monthly',
          interval: 3,
          day_of_month: 28,
        }),
      };
      const promised = Object.fromEntries(Object.entries(subs).map(([name, s]) => [name, s.upcoming_payments]));
      expect(promised.monthEnds!.map((c) => c.charge_date)).toEqual([
        '2027-06-01',
        '2027-06-30',
        '2027-08-02',
        '2027-08-31',
        '2027-09-30',
        '2027-11-01',
        '2027-11-30',
        '2027-12-31',
        '2028-01-31',
        '2028-02-29',
      ]);
      expect(promised.christmas!.map((c) => c.charge_date)).toEqual(['2026-12-29', '2027-01-04', '2027-01-08']);
      expect(promised.newYear!.map((c) => c.charge_date)).toEqual(['2027-01-04', '2028-01-03', '2029-01-02']);
      expect(promised.quarterly).toHaveLength(10);

      await driveTo('2029-01-03T10:00:00.000Z');
      for (const [name, sub] of Object.entries(subs)) {
        const created = await createdCharges(sub.id);
        expect(created.slice(0, 10), name).toEqual(promised[name]);
      }
      for (const name of ['monthEnds', 'christmas', 'newYear'] as const) {
        expect((await m.api.get(`/subscriptions/${subs[name].id}`)).body.subscriptions.status, name).toBe('finished');
      }
    },
  );
});
