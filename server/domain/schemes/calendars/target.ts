import { holidayCalendar } from './calendar';
import { easterOffset, isoDate } from './dates';

/**
 * TARGET closing days (schemes.md § 3): fixed, with no substitutes. date-holidays has no TARGET
 * calendar, and national calendars of euro countries would close it on days TARGET is open
 * (Whit Monday, Ascension, national days).
 */
export function targetClosingDays(year: number): string[] {
  return [
    isoDate(year, 1, 1),
    easterOffset(year, -2), // Good Friday
    easterOffset(year, 1), // Easter Monday
    isoDate(year, 5, 1), // Labour Day
    isoDate(year, 12, 25),
    isoDate(year, 12, 26),
  ];
}

/** sepa_core interbank business days; TARGET is run from Frankfurt, so CET/CEST is its clock. */
export const target = holidayCalendar({
  name: 'TARGET',
  timeZone: 'Europe/Berlin',
  holidaysIn: targetClosingDays,
});
