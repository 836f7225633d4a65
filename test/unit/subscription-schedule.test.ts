import { describe, expect, it } from 'vitest';
import { calendarFor } from '../../server/domain/schemes/calendars';
import { everyDayCalendar } from '../../server/domain/schemes/calendars/calendar';
import {
  chargeDateAfterResume,
  chargeDateAt,
  cycleOfCharge,
  cyclesUntil,
  nominalDate,
  upcomingChargeDates,
  type ChargeRule,
} from '../../server/domain/subscriptions/schedule';

/** Every day is a working day: isolates the date arithmetic from any scheme's holidays. */
const everyDay = everyDayCalendar('test', 'UTC');
const rule = (overrides: Partial<ChargeRule>): ChargeRule => ({
  startDate: '2026-01-01',
  interval: 1,
  intervalUnit: 'monthly',
  calendar: everyDay,
  ...overrides,
});

describe('monthly', () => {
  it('charges on the start date’s day, held to the last day of shorter months without drifting', () => {
    const dates = upcomingChargeDates(rule({ startDate: '2026-01-31' }), '2026-01-01', 5);
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
  });

  it('keeps 29 February in a leap year', () => {
    expect(upcomingChargeDates(rule({ startDate: '2028-01-30' }), '2028-01-01', 3)).toEqual([
      '2028-01-30',
      '2028-02-29',
      '2028-03-30',
    ]);
  });

  it('day_of_month -1 is the last day of every month', () => {
    const dates = upcomingChargeDates(rule({ startDate: '2026-01-10', dayOfMonth: -1 }), '2026-01-01', 4);
    expect(dates).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
  });

  it('starts the next month when day_of_month is already past in the start month', () => {
    expect(upcomingChargeDates(rule({ startDate: '2026-01-15', dayOfMonth: 1 }), '2026-01-01', 2)).toEqual([
      '2026-02-01',
      '2026-03-01',
    ]);
    expect(upcomingChargeDates(rule({ startDate: '2026-01-15', dayOfMonth: 20 }), '2026-01-01', 2)).toEqual([
      '2026-01-20',
      '2026-02-20',
    ]);
  });

  it('steps by the interval, across year ends', () => {
    expect(upcomingChargeDates(rule({ startDate: '2026-11-05', interval: 3 }), '2026-01-01', 3)).toEqual([
      '2026-11-05',
      '2027-02-05',
      '2027-05-05',
    ]);
  });
});

describe('yearly', () => {
  it('charges in the given month on day_of_month, this year when still ahead', () => {
    const dates = upcomingChargeDates(
      rule({ startDate: '2026-03-10', intervalUnit: 'yearly', month: 'june', dayOfMonth: 15 }),
      '2026-01-01',
      3,
    );
    expect(dates).toEqual(['2026-06-15', '2027-06-15', '2028-06-15']);
  });

  it('starts next year when the month and day are already past', () => {
    const dates = upcomingChargeDates(
      rule({ startDate: '2026-08-01', intervalUnit: 'yearly', month: 'june', dayOfMonth: 15 }),
      '2026-01-01',
      2,
    );
    expect(dates).toEqual(['2027-06-15', '2028-06-15']);
  });

  it('without a month uses the start date, and 29 February becomes 28 February in other years', () => {
    const dates = upcomingChargeDates(rule({ startDate: '2028-02-29', intervalUnit: 'yearly' }), '2028-01-01', 3);
    expect(dates).toEqual(['2028-02-29', '2029-02-28', '2030-02-28']);
  });

  it('last day of the month with -1', () => {
    const dates = upcomingChargeDates(
      rule({ startDate: '2026-01-01', intervalUnit: 'yearly', month: 'february', dayOfMonth: -1 }),
      '2026-01-01',
      3,
    );
    expect(dates).toEqual(['2026-02-28', '2027-02-28', '2028-02-29']);
  });
});

describe('weekly', () => {
  it('charges every interval weeks from the start date', () => {
    expect(upcomingChargeDates(rule({ startDate: '2026-01-05', intervalUnit: 'weekly' }), '2026-01-01', 3)).toEqual([
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
    ]);
    expect(
      upcomingChargeDates(rule({ startDate: '2026-12-21', intervalUnit: 'weekly', interval: 2 }), '2026-01-01', 3),
    ).toEqual(['2026-12-21', '2027-01-04', '2027-01-18']);
  });
});

describe('limits', () => {
  it('stops after count charges, counted from the first charge whatever the from date', () => {
    const limited = rule({ startDate: '2026-01-10', count: 3 });
    expect(upcomingChargeDates(limited, '2026-01-01', 10)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);
    expect(upcomingChargeDates(limited, '2026-02-11', 10)).toEqual(['2026-03-10']);
    expect(chargeDateAt(limited, 2)).toBe('2026-03-10');
    expect(chargeDateAt(limited, 3)).toBeNull();
  });

  it('creates no charge on or after end_date', () => {
    const ending = rule({ startDate: '2026-01-10', endDate: '2026-04-10' });
    expect(upcomingChargeDates(ending, '2026-01-01', 10)).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);
    expect(
      upcomingChargeDates(rule({ startDate: '2026-01-10', endDate: '2026-04-11' }), '2026-01-01', 10),
    ).toHaveLength(4);
  });

  it('gives at most n dates and only those on or after the from date', () => {
    expect(upcomingChargeDates(rule({ startDate: '2026-01-10' }), '2026-06-10', 2)).toEqual([
      '2026-06-10',
      '2026-07-10',
    ]);
    expect(upcomingChargeDates(rule({ startDate: '2026-01-10' }), '2026-01-01', 0)).toEqual([]);
  });
});

describe('working days', () => {
  const ach = calendarFor('ach');

  it('rolls a charge on a weekend or bank holiday forward to the next working day', () => {
    // 2026-01-31 is a Saturday; 2026-05-31 a Sunday.
    const dates = upcomingChargeDates(rule({ startDate: '2026-01-31', calendar: ach }), '2026-01-01', 5);
    expect(dates).toEqual(['2026-02-02', '2026-03-02', '2026-03-31', '2026-04-30', '2026-06-01']);
    // Christmas Day 2026 is a Friday, a Federal Reserve holiday: Monday the 28th.
    expect(chargeDateAt(rule({ startDate: '2026-12-25', calendar: ach }), 0)).toBe('2026-12-28');
    // Thanksgiving 2026, Thursday 26 November.
    expect(chargeDateAt(rule({ startDate: '2026-11-26', intervalUnit: 'weekly', calendar: ach }), 0)).toBe(
      '2026-11-27',
    );
  });

  it('rolls each charge on its own: the next one is counted from the nominal date, not the rolled one', () => {
    const weekly = rule({ startDate: '2026-11-26', intervalUnit: 'weekly', calendar: ach });
    expect(nominalDate(weekly, 1)).toBe('2026-12-03');
    expect(upcomingChargeDates(weekly, '2026-01-01', 2)).toEqual(['2026-11-27', '2026-12-03']);
  });

  it('applies end_date to the rolled date', () => {
    // The 31 January charge rolls to 2 February, on the end date: no charge.
    expect(
      upcomingChargeDates(rule({ startDate: '2026-01-31', endDate: '2026-02-02', calendar: ach }), '2026-01-01', 5),
    ).toEqual([]);
  });
});

describe('long-running subscriptions', () => {
  it('finds the next charges of a subscription years old as if walked from its first charge', () => {
    const ach = calendarFor('ach');
    for (const intervalUnit of ['weekly', 'monthly', 'yearly'] as const) {
      const old = rule({
        startDate: '2006-01-31',
        intervalUnit,
        interval: intervalUnit === 'weekly' ? 3 : 1,
        calendar: ach,
      });
      const walked: string[] = [];
      for (let k = 0; walked.length < 5; k++) {
        const date = chargeDateAt(old, k)!;
        if (date >= '2026-03-02') walked.push(date);
      }
      expect(upcomingChargeDates(old, '2026-03-02', 5)).toEqual(walked);
    }
  });
});

describe('pauses', () => {
  it('moves the charges from a pause on by the cycles it skipped; count still counts charges', () => {
    const paused = rule({ startDate: '2026-01-31', count: 4, skips: [{ from_charge: 1, cycles: 2 }] });
    expect([0, 1, 2, 3].map((k) => cycleOfCharge(paused, k))).toEqual([0, 3, 4, 5]);
    expect(upcomingChargeDates(paused, '2026-01-01', 10)).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
    // Far from the start, the walk still finds the charges after a long pause.
    const long = rule({ startDate: '2020-01-15', skips: [{ from_charge: 2, cycles: 60 }] });
    expect(upcomingChargeDates(long, '2025-03-01', 2)).toEqual(['2025-03-15', '2025-04-15']);
  });

  it('resumes on the first cycle date on or after the earliest possible charge date', () => {
    const monthly = rule({ startDate: '2026-01-15' });
    expect(cyclesUntil(monthly, 1, '2026-04-20')).toBe(3);
    expect(cyclesUntil(monthly, 1, '2026-02-10')).toBe(0);
    expect(chargeDateAfterResume(monthly, 1, '2026-04-20')).toBe('2026-05-15');
  });
});
