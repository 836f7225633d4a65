import { holidayCalendar, withWeekendSubstitutes } from './calendar';
import { easterOffset, isoDate, lastWeekdayOfMonth, MONDAY, nthWeekdayOfMonth } from './dates';

/**
 * Bank holidays that replaced a regular one in some year (gov.uk bank-holidays feed; schemes.md § 3
 * lists the 2020 and 2022 moves). Keyed by the regular date, valued by the date it moved to.
 */
const MOVED: Readonly<Record<string, string>> = {
  '1995-05-01': '1995-05-08', // Early May → VE Day 50th anniversary
  '2002-05-27': '2002-06-04', // Spring → Golden Jubilee weekend
  '2012-05-28': '2012-06-04', // Spring → Diamond Jubilee weekend
  '2020-05-04': '2020-05-08', // Early May → VE Day 75th anniversary
  '2022-05-30': '2022-06-02', // Spring → Platinum Jubilee weekend
};

/** One-off extra bank holidays proclaimed for a single year (schemes.md § 3 one-offs and earlier). */
const ONE_OFFS: readonly string[] = [
  '1999-12-31', // Millennium
  '2002-06-03', // Golden Jubilee
  '2011-04-29', // Royal wedding
  '2012-06-05', // Diamond Jubilee
  '2022-06-03', // Platinum Jubilee
  '2022-09-19', // State funeral of Queen Elizabeth II
  '2023-05-08', // Coronation of King Charles III
];

export function englandAndWalesHolidays(year: number): string[] {
  const newYear = isoDate(year, 1, 1);
  const christmas = isoDate(year, 12, 25);
  const boxingDay = isoDate(year, 12, 26);
  const regular = [
    easterOffset(year, -2), // Good Friday
    easterOffset(year, 1), // Easter Monday
    nthWeekdayOfMonth(year, 5, MONDAY, 1), // Early May
    lastWeekdayOfMonth(year, 5, MONDAY), // Spring
    lastWeekdayOfMonth(year, 8, MONDAY), // Summer
  ].map((date) => MOVED[date] ?? date);
  const fixed = [newYear, christmas, boxingDay];
  const oneOffs = ONE_OFFS.filter((date) => date.startsWith(`${year}-`));
  return withWeekendSubstitutes([...regular, ...fixed, ...oneOffs], fixed);
}

/** Bacs working days, also used for GBP payouts (schemes.md § 1 bacs, § 3). */
export const englandAndWales = holidayCalendar({
  name: 'England & Wales bank holidays',
  timeZone: 'Europe/London',
  holidaysIn: englandAndWalesHolidays,
});
