import { holidayCalendar, withWeekendSubstitutes } from './calendar';
import { addDays, dayOfWeek, easterOffset, isoDate, isWeekend, MONDAY, nthWeekdayOfMonth } from './dates';

/**
 * Matariki, from the schedule of Te Kāhui o Matariki Public Holiday Act 2022, which fixes the date
 * for 2022–2052 (schemes.md § 3 lists 2026–2028; the rest agree with date-holidays' `NZ`). Later
 * dates will be set by a future amendment, so none is guessed.
 */
const MATARIKI: Readonly<Record<number, string>> = Object.fromEntries(
  `
    2022-06-24 2023-07-14 2024-06-28 2025-06-20 2026-07-10 2027-06-25
    2028-07-14 2029-07-06 2030-06-21 2031-07-11 2032-07-02 2033-06-24
    2034-07-07 2035-06-29 2036-07-18 2037-07-10 2038-06-25 2039-07-15
    2040-07-06 2041-07-19 2042-07-11 2043-07-03 2044-06-24 2045-07-07
    2046-06-29 2047-07-19 2048-07-03 2049-06-25 2050-07-15 2051-06-30
    2052-06-21
  `
    .trim()
    .split(/\s+/)
    .map((date) => [Number(date.slice(0, 4)), date]),
);

/** One-off public holiday: the Queen Elizabeth II Memorial Day, 2022. */
const ONE_OFFS: readonly string[] = ['2022-09-26'];

/** Waitangi Day and Anzac Day have been Mondayised since 2014 (Holidays Amendment Act 2013). */
const WAITANGI_ANZAC_MONDAYISED_FROM = 2014;

/** Holidays Act 2003 s 45A: a Waitangi or Anzac Day on a weekend is observed the following Monday. */
function followingMondayIfWeekend(date: string): string {
  return isWeekend(date) ? addDays(date, (MONDAY - dayOfWeek(date) + 7) % 7) : date;
}

/**
 * NZ national public holidays (schemes.md § 3). Regional anniversary days are business days. Built
 * by hand in the same shape as the other calendars; date-holidays' `NZ` agrees (see the tests).
 */
export function newZealandHolidays(year: number): string[] {
  const summer = [isoDate(year, 1, 1), isoDate(year, 1, 2), isoDate(year, 12, 25), isoDate(year, 12, 26)];
  const waitangiAndAnzac = [isoDate(year, 2, 6), isoDate(year, 4, 25)];
  const matariki = MATARIKI[year];
  const others = [
    easterOffset(year, -2), // Good Friday
    easterOffset(year, 1), // Easter Monday
    nthWeekdayOfMonth(year, 6, MONDAY, 1), // King's Birthday
    nthWeekdayOfMonth(year, 10, MONDAY, 4), // Labour Day
    ...(matariki ? [matariki] : []),
    ...ONE_OFFS.filter((date) => date.startsWith(`${year}-`)),
    ...waitangiAndAnzac,
    ...(year >= WAITANGI_ANZAC_MONDAYISED_FROM ? waitangiAndAnzac.map(followingMondayIfWeekend) : []),
  ];
  // 1–2 Jan and 25–26 Dec on a weekend move to the next free weekdays (Monday, Tuesday).
  return withWeekendSubstitutes([...summer, ...others], summer);
}

/** becs_nz interbank business days, on Auckland time. */
export const newZealand = holidayCalendar({
  name: 'New Zealand public holidays',
  timeZone: 'Pacific/Auckland',
  holidaysIn: newZealandHolidays,
});
