import { holidayCalendar, withSundayToMonday } from './calendar';
import { isoDate, lastWeekdayOfMonth, MONDAY, nthWeekdayOfMonth, THURSDAY } from './dates';

/** Juneteenth has been a Federal Reserve holiday since 2022 (schemes.md § 3). */
const JUNETEENTH_FIRST_YEAR = 2022;

/**
 * Federal Reserve (FedACH) holidays, schemes.md § 3. Hand-built because date-holidays' `US`
 * closes the Friday before a Saturday holiday, while the Fed stays open (e.g. 2026-07-03).
 */
export function federalReserveHolidays(year: number): string[] {
  const fixed = [
    isoDate(year, 1, 1),
    ...(year >= JUNETEENTH_FIRST_YEAR ? [isoDate(year, 6, 19)] : []),
    isoDate(year, 7, 4),
    isoDate(year, 11, 11), // Veterans Day
    isoDate(year, 12, 25),
  ];
  return [
    ...withSundayToMonday(fixed),
    nthWeekdayOfMonth(year, 1, MONDAY, 3), // Martin Luther King Jr. Day
    nthWeekdayOfMonth(year, 2, MONDAY, 3), // Washington's Birthday
    lastWeekdayOfMonth(year, 5, MONDAY), // Memorial Day
    nthWeekdayOfMonth(year, 9, MONDAY, 1), // Labor Day
    nthWeekdayOfMonth(year, 10, MONDAY, 2), // Columbus Day
    nthWeekdayOfMonth(year, 11, THURSDAY, 4), // Thanksgiving
  ];
}

/** ach business days; FedACH runs on Eastern time. */
export const federalReserve = holidayCalendar({
  name: 'Federal Reserve (FedACH)',
  timeZone: 'America/New_York',
  holidaysIn: federalReserveHolidays,
});
