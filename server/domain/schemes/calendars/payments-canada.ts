import { holidayCalendar, withWeekendSubstitutes } from './calendar';
import { easterOffset, isoDate, lastWeekdayOnOrBefore, MONDAY, nthWeekdayOfMonth } from './dates';

/** National Day for Truth and Reconciliation became a non-processing day in 2021 (schemes.md § 3). */
const TRUTH_AND_RECONCILIATION_FIRST_YEAR = 2021;

/**
 * Payments Canada non-processing days, schemes.md § 3. Hand-built: date-holidays' `CA` has five
 * days and no substitutes, and its provinces add days (Family Day, Easter Monday) on which
 * Payments Canada is open. A fixed day on a weekend moves to the next business day(s), e.g.
 * 2023-10-02 for 30 Sep 2023, 2020-12-28 for 26 Dec 2020.
 */
export function paymentsCanadaHolidays(year: number): string[] {
  const fixed = [
    isoDate(year, 1, 1),
    isoDate(year, 7, 1), // Canada Day
    ...(year >= TRUTH_AND_RECONCILIATION_FIRST_YEAR ? [isoDate(year, 9, 30)] : []),
    isoDate(year, 11, 11), // Remembrance Day
    isoDate(year, 12, 25),
    isoDate(year, 12, 26),
  ];
  const moving = [
    easterOffset(year, -2), // Good Friday
    lastWeekdayOnOrBefore(isoDate(year, 5, 24), MONDAY), // Victoria Day: Monday before 25 May
    nthWeekdayOfMonth(year, 9, MONDAY, 1), // Labour Day
    nthWeekdayOfMonth(year, 10, MONDAY, 2), // Thanksgiving
  ];
  return withWeekendSubstitutes([...fixed, ...moving], fixed);
}

/** pad interbank business days; Payments Canada's clearing runs on Toronto (Eastern) time. */
export const paymentsCanada = holidayCalendar({
  name: 'Payments Canada',
  timeZone: 'America/Toronto',
  holidaysIn: paymentsCanadaHolidays,
});
