import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import {
  type Calendar,
  calendarFor,
  lastWorkingDayOfMonth,
  subtractWorkingDays,
} from '../../server/domain/schemes/calendars';
import { addDays, easterSunday, isIsoDate, isWeekend } from '../../server/domain/schemes/calendars/dates';
import { danishBankHolidays } from '../../server/domain/schemes/calendars/denmark';
import { englandAndWalesHolidays } from '../../server/domain/schemes/calendars/england-and-wales';
import { newZealandHolidays } from '../../server/domain/schemes/calendars/new-zealand';
import { swedishBankHolidays } from '../../server/domain/schemes/calendars/sweden';
import { SCHEMES } from '../../server/domain/schemes/types';

/** Weekdays of a year on which the calendar is closed, as `MM-DD`. */
function closedWeekdays(calendar: Calendar, year: number): string[] {
  const closed: string[] = [];
  for (let day = `${year}-01-01`; day <= `${year}-12-31`; day = addDays(day, 1)) {
    if (!isWeekend(day) && !calendar.isWorkingDay(day)) closed.push(day.slice(5));
  }
  return closed;
}

/** The dates among `dates` that are working days, so `[]` means all are closed. */
const workingAmong = (calendar: Calendar, dates: string[]) => dates.filter((date) => calendar.isWorkingDay(date));
/** The dates among `dates` that are closed, so `[]` means all are working days. */
const closedAmong = (calendar: Calendar, dates: string[]) => dates.filter((date) => !calendar.isWorkingDay(date));

describe('ISO date helpers', () => {
  it('computes Easter Sunday for any year (anonymous Gregorian algorithm)', () => {
    expect(easterSunday(1818)).toBe('1818-03-22');
    expect(easterSunday(2000)).toBe('2000-04-23');
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });

  it('accepts only real YYYY-MM-DD dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-1-05')).toBe(false);
    expect(() => calendarFor('bacs').isWorkingDay('2026-13-01')).toThrow(RangeError);
    expect(() => calendarFor('bacs').addWorkingDays('2026-01-05', -1)).toThrow(RangeError);
  });
});

describe('working-day arithmetic', () => {
  const bacs = calendarFor('bacs');

  it('closes every scheme calendar on weekends, and the instant schemes on no day at all', () => {
    for (const scheme of SCHEMES) {
      const calendar = calendarFor(scheme);
      const instant = scheme === 'faster_payments' || scheme === 'pay_to';
      expect(calendar.isWorkingDay('2026-06-13'), scheme).toBe(instant);
      expect(calendar.isWorkingDay('2026-06-14'), scheme).toBe(instant);
      expect(calendar.isWorkingDay('2026-12-25'), scheme).toBe(instant);
    }
    expect(calendarFor('faster_payments').addWorkingDays('2026-12-24', 2)).toBe('2026-12-26');
  });

  it('counts working days after the date, skipping weekends and holidays (bacs over Christmas 2026)', () => {
    expect(bacs.nextWorkingDay('2026-06-10')).toBe('2026-06-10');
    expect(bacs.nextWorkingDay('2026-06-13')).toBe('2026-06-15');
    expect(bacs.addWorkingDays('2026-06-12', 1)).toBe('2026-06-15');
    expect(bacs.addWorkingDays('2026-06-13', 1)).toBe('2026-06-15');
    expect(bacs.addWorkingDays('2026-06-13', 0)).toBe('2026-06-15');
    expect(bacs.addWorkingDays('2026-12-23', 1)).toBe('2026-12-24');
    expect(bacs.addWorkingDays('2026-12-24', 1)).toBe('2026-12-29');
    expect(bacs.addWorkingDays('2026-12-24', 4)).toBe('2027-01-04');
    expect(subtractWorkingDays(bacs, '2026-12-29', 1)).toBe('2026-12-24');
    expect(lastWorkingDayOfMonth(calendarFor('betalingsservice'), 2026, 12)).toBe('2026-12-30');
  });

  it('names an IANA time zone for every scheme', () => {
    const zones = Object.fromEntries(SCHEMES.map((scheme) => [scheme, calendarFor(scheme).timeZone]));
    expect(zones).toEqual({
      ach: 'America/New_York',
      autogiro: 'Europe/Stockholm',
      bacs: 'Europe/London',
      becs: 'Australia/Sydney',
      becs_nz: 'Pacific/Auckland',
      betalingsservice: 'Europe/Copenhagen',
      faster_payments: 'Europe/London',
      pad: 'America/Toronto',
      pay_to: 'Australia/Sydney',
      sepa_core: 'Europe/Berlin',
    });
  });
});

describe('England & Wales (bacs)', () => {
  const bacs = calendarFor('bacs');

  it('closes on the 2026 bank holidays, with 26 Dec (Saturday) substituted on Monday 28', () => {
    expect(closedWeekdays(bacs, 2026)).toEqual([
      '01-01',
      '04-03',
      '04-06',
      '05-04',
      '05-25',
      '08-31',
      '12-25',
      '12-28',
    ]);
  });

  it('substitutes New Year and Christmas on weekends', () => {
    expect(
      workingAmong(bacs, ['2022-01-03', '2023-01-02', '2021-12-27', '2021-12-28', '2022-12-26', '2022-12-27']),
    ).toEqual([]);
    expect(bacs.isWorkingDay('2021-12-29')).toBe(true);
    expect(bacs.isWorkingDay('2022-12-28')).toBe(true);
  });

  it('knows the one-offs and moved holidays', () => {
    expect(
      workingAmong(bacs, [
        '2012-06-04',
        '2012-06-05',
        '2020-05-08',
        '2022-06-02',
        '2022-06-03',
        '2022-09-19',
        '2023-05-08',
      ]),
    ).toEqual([]);
    expect(bacs.isWorkingDay('2020-05-04')).toBe(true);
    expect(bacs.isWorkingDay('2022-05-30')).toBe(true);
    expect(bacs.isWorkingDay('2012-05-28')).toBe(true);
  });
});

describe('TARGET (sepa_core)', () => {
  const target = calendarFor('sepa_core');

  it('closes on 1 Jan, Good Friday, Easter Monday, 1 May, 25 and 26 Dec only', () => {
    expect(closedWeekdays(target, 2026)).toEqual(['01-01', '04-03', '04-06', '05-01', '12-25']);
    expect(closedWeekdays(target, 2025)).toEqual(['01-01', '04-18', '04-21', '05-01', '12-25', '12-26']);
  });

  it('stays open on Whit Monday and Ascension, and has no substitutes', () => {
    expect(target.isWorkingDay('2026-05-25')).toBe(true);
    expect(target.isWorkingDay('2026-05-14')).toBe(true);
    expect(target.isWorkingDay('2026-12-28')).toBe(true);
  });
});

describe('Federal Reserve (ach)', () => {
  const fed = calendarFor('ach');

  it('closes on the 2026 Fed holidays', () => {
    expect(closedWeekdays(fed, 2026)).toEqual([
      '01-01',
      '01-19',
      '02-16',
      '05-25',
      '06-19',
      '09-07',
      '10-12',
      '11-11',
      '11-26',
      '12-25',
    ]);
  });

  it('stays open on the Friday before a Saturday holiday', () => {
    expect(fed.isWorkingDay('2026-07-03')).toBe(true);
    expect(fed.isWorkingDay('2027-12-24')).toBe(true);
    expect(fed.isWorkingDay('2027-12-31')).toBe(true);
  });

  it('closes the Monday after a Sunday holiday, and has Juneteenth from 2022', () => {
    expect(workingAmong(fed, ['2023-01-02', '2022-06-20', '2021-07-05', '2022-12-26'])).toEqual([]);
    expect(fed.isWorkingDay('2021-06-18')).toBe(true);
  });
});

describe('Payments Canada (pad)', () => {
  const canada = calendarFor('pad');

  it('closes on the 2026 non-processing days', () => {
    expect(closedWeekdays(canada, 2026)).toEqual([
      '01-01',
      '04-03',
      '05-18',
      '07-01',
      '09-07',
      '09-30',
      '10-12',
      '11-11',
      '12-25',
      '12-28',
    ]);
  });

  it('moves weekend holidays to the next business day(s)', () => {
    expect(workingAmong(canada, ['2023-10-02', '2018-07-02', '2018-11-12', '2020-12-28', '2022-01-03'])).toEqual([]);
  });

  it('stays open on Family Day, Easter Monday, Civic Holiday, 24 June, and 30 Sep before 2021', () => {
    expect(closedAmong(canada, ['2026-02-16', '2026-04-06', '2026-08-03', '2026-06-24', '2020-09-30'])).toEqual([]);
  });
});

describe('RITS/BECS (becs)', () => {
  const becs = calendarFor('becs');

  it('closes on the 2026 national days as observed in NSW and VIC', () => {
    expect(closedWeekdays(becs, 2026)).toEqual(['01-01', '01-26', '04-03', '04-06', '06-08', '12-25', '12-28']);
  });

  it('substitutes 1 Jan, 26 Jan and 25–26 Dec but not Anzac Day', () => {
    expect(workingAmong(becs, ['2025-01-27', '2022-01-03', '2022-12-26', '2022-12-27'])).toEqual([]);
    expect(becs.isWorkingDay('2026-04-27')).toBe(true);
  });

  it('stays open on state-only days', () => {
    expect(closedAmong(becs, ['2026-08-03', '2026-11-03', '2026-03-09', '2026-10-05'])).toEqual([]);
  });
});

describe('New Zealand (becs_nz)', () => {
  const nz = calendarFor('becs_nz');

  it('closes on the 2026 public holidays with Anzac Day Mondayised', () => {
    expect(closedWeekdays(nz, 2026)).toEqual([
      '01-01',
      '01-02',
      '02-06',
      '04-03',
      '04-06',
      '04-27',
      '06-01',
      '07-10',
      '10-26',
      '12-25',
      '12-28',
    ]);
  });

  it('closes on Matariki', () => {
    expect(workingAmong(nz, ['2026-07-10', '2027-06-25', '2028-07-14', '2022-06-24'])).toEqual([]);
  });

  it('Mondayises 1–2 Jan and Waitangi, and keeps anniversary days open', () => {
    expect(workingAmong(nz, ['2022-01-03', '2022-01-04', '2022-02-07', '2021-02-08'])).toEqual([]);
    expect(nz.isWorkingDay('2026-01-19')).toBe(true); // Wellington Anniversary
  });
});

describe('Swedish bank days (autogiro)', () => {
  const sweden = calendarFor('autogiro');

  it('closes on the 2026 bank holidays, including Midsummer Eve', () => {
    expect(closedWeekdays(sweden, 2026)).toEqual([
      '01-01',
      '01-06',
      '04-03',
      '04-06',
      '05-01',
      '05-14',
      '06-19',
      '12-24',
      '12-25',
      '12-31',
    ]);
    expect(sweden.isWorkingDay('2027-06-25')).toBe(false);
    expect(sweden.isWorkingDay('2025-06-20')).toBe(false);
  });

  it('stays open on Whit Monday and has no substitutes', () => {
    expect(sweden.isWorkingDay('2026-05-25')).toBe(true);
    expect(sweden.isWorkingDay('2026-06-08')).toBe(true);
  });
});

describe('Danish bank days (betalingsservice)', () => {
  const denmark = calendarFor('betalingsservice');

  it('closes on exactly the 2026 days of schemes.md § 3', () => {
    expect([...danishBankHolidays(2026)].sort()).toEqual(
      ['01-01', '04-02', '04-03', '04-06', '05-14', '05-15', '05-25', '06-05', '12-24', '12-25', '12-26', '12-31'].map(
        (day) => `2026-${day}`,
      ),
    );
  });

  it('keeps Great Prayer Day only up to 2023', () => {
    expect(denmark.isWorkingDay('2023-05-05')).toBe(false);
    expect(denmark.isWorkingDay('2024-04-26')).toBe(true);
  });
});

describe('agreement with date-holidays where schemes.md rates its fit "Good"', () => {
  // Types as schemes.md § 3 says: ENG public + bank, NZ public, SE public + bank. From 2014, when
  // NZ Mondayisation of Waitangi and Anzac Day began (date-holidays applies it to earlier years too).
  const cases = [
    {
      name: 'England & Wales',
      library: new Holidays('GB', 'ENG'),
      types: ['public', 'bank'],
      ours: englandAndWalesHolidays,
    },
    { name: 'New Zealand', library: new Holidays('NZ'), types: ['public'], ours: newZealandHolidays },
    { name: 'Sweden', library: new Holidays('SE'), types: ['public', 'bank'], ours: swedishBankHolidays },
  ];

  for (const { name, library, types, ours } of cases) {
    it(`${name}: the same weekday holidays 2014–2052`, () => {
      for (let year = 2014; year <= 2052; year++) {
        const theirs = library
          .getHolidays(year)
          .filter((holiday) => types.includes(holiday.type))
          .map((holiday) => holiday.date.slice(0, 10));
        const weekdays = (dates: Iterable<string>) => [...new Set(dates)].filter((date) => !isWeekend(date)).sort();
        expect(weekdays(ours(year)), `${name} ${year}`).toEqual(weekdays(theirs));
      }
    });
  }

  it('is right where date-holidays is not: the 2012 Spring bank holiday moved to 4 June', () => {
    const library = new Holidays('GB', 'ENG');
    expect(library.isHoliday(new Date('2012-06-04T12:00:00Z'))).toBe(false);
    expect(calendarFor('bacs').isWorkingDay('2012-06-04')).toBe(false);
  });
});
