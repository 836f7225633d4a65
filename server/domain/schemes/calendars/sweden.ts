import { holidayCalendar } from './calendar';
import { addDays, dayOfWeek, easterOffset, FRIDAY, isoDate } from './dates';

/** 6 June (National Day) replaced Whit Monday as a holiday in 2005. */
const NATIONAL_DAY_FIRST_YEAR = 2005;

/** Midsummer Eve: the Friday from 19 to 25 June. */
function midsummerEve(year: number): string {
  const june19 = isoDate(year, 6, 19);
  return addDays(june19, (FRIDAY - dayOfWeek(june19) + 7) % 7);
}

/**
 * Swedish bank days (schemes.md § 3): public holidays plus the three eves banks close on; no
 * substitutes. Hand-built like the others; it matches date-holidays' `SE` types `public` + `bank`.
 */
export function swedishBankHolidays(year: number): string[] {
  return [
    isoDate(year, 1, 1),
    isoDate(year, 1, 6), // Epiphany
    easterOffset(year, -2), // Good Friday
    easterOffset(year, 1), // Easter Monday
    isoDate(year, 5, 1),
    easterOffset(year, 39), // Ascension
    year >= NATIONAL_DAY_FIRST_YEAR ? isoDate(year, 6, 6) : easterOffset(year, 50),
    midsummerEve(year),
    isoDate(year, 12, 24),
    isoDate(year, 12, 25),
    isoDate(year, 12, 26),
    isoDate(year, 12, 31),
  ];
}

/** autogiro interbank business days (Bankgirot), on Stockholm time. */
export const sweden = holidayCalendar({
  name: 'Swedish bank days',
  timeZone: 'Europe/Stockholm',
  holidaysIn: swedishBankHolidays,
});
