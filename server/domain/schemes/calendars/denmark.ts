import { holidayCalendar } from './calendar';
import { easterOffset, isoDate } from './dates';

/** Great Prayer Day (store bededag) was abolished as a holiday from 2024. */
const GREAT_PRAYER_DAY_LAST_YEAR = 2023;

/**
 * Danish bank days (Nationalbanken's banklukkedage, schemes.md § 3); no substitutes. Hand-built:
 * date-holidays' `DK` has 5 June and 24 Dec only as observances and lacks 31 Dec and the day
 * after Ascension, on which banks close.
 */
export function danishBankHolidays(year: number): string[] {
  return [
    isoDate(year, 1, 1),
    easterOffset(year, -3), // Maundy Thursday
    easterOffset(year, -2), // Good Friday
    easterOffset(year, 1), // Easter Monday
    ...(year <= GREAT_PRAYER_DAY_LAST_YEAR ? [easterOffset(year, 26)] : []),
    easterOffset(year, 39), // Ascension
    easterOffset(year, 40), // Day after Ascension
    easterOffset(year, 50), // Whit Monday
    isoDate(year, 6, 5), // Constitution Day
    isoDate(year, 12, 24),
    isoDate(year, 12, 25),
    isoDate(year, 12, 26),
    isoDate(year, 12, 31),
  ];
}

/** betalingsservice working days, on Copenhagen time. */
export const denmark = holidayCalendar({
  name: 'Danish bank days',
  timeZone: 'Europe/Copenhagen',
  holidaysIn: danishBankHolidays,
});
