import { holidayCalendar, withWeekendSubstitutes } from './calendar';
import { easterOffset, isoDate, MONDAY, nthWeekdayOfMonth } from './dates';

/**
 * RITS/BECS settlement holidays: the national days as observed in both NSW and VIC (schemes.md
 * § 3). Hand-built: date-holidays' `AU` lacks the King's Birthday and its states add days on
 * which RITS settles (NSW Bank Holiday, Labour Days, Melbourne Cup).
 *
 * Anzac Day is never substituted: VIC does not move it, GC's 2020 data (a Saturday) shows no
 * substitute, and a day open in one of the two states is a settlement day (the NSW-only Monday
 * 2026-04-27 stays open). schemes.md marks this **(unverified)**.
 */
export function australiaRitsHolidays(year: number): string[] {
  const substitutable = [
    isoDate(year, 1, 1),
    isoDate(year, 1, 26), // Australia Day
    isoDate(year, 12, 25),
    isoDate(year, 12, 26),
  ];
  const others = [
    easterOffset(year, -2), // Good Friday
    easterOffset(year, 1), // Easter Monday
    isoDate(year, 4, 25), // Anzac Day
    nthWeekdayOfMonth(year, 6, MONDAY, 2), // King's Birthday (NSW and VIC)
  ];
  return withWeekendSubstitutes([...substitutable, ...others], substitutable);
}

/** becs interbank business days; RITS runs on Sydney time. */
export const australiaRits = holidayCalendar({
  name: 'RITS/BECS',
  timeZone: 'Australia/Sydney',
  holidaysIn: australiaRitsHolidays,
});
