import { addDays, dayOfWeek, firstDayOfMonth, isWeekend, lastDayOfMonth, SUNDAY, toDayNumber, yearOf } from './dates';

/**
 * The days on which a scheme (or its settlement system) processes. Dates are ISO `YYYY-MM-DD`
 * strings in the calendar's own time zone; an invalid date throws a RangeError.
 */
export interface Calendar {
  name: string;
  /** IANA zone whose wall-clock date is "today" for this calendar, e.g. `Europe/London`. */
  timeZone: string;
  isWorkingDay(date: string): boolean;
  /** The date itself when it is a working day, else the first working day after it. */
  nextWorkingDay(date: string): string;
  /**
   * The `n`th working day after `date` (`date` itself never counts): Friday + 1 is Monday,
   * Saturday + 1 is Monday. `n = 0` gives `nextWorkingDay(date)`.
   */
  addWorkingDays(date: string, n: number): string;
}

export interface HolidayRules {
  name: string;
  timeZone: string;
  /** Every weekday and weekend date of `year` on which the calendar is closed besides weekends. */
  holidaysIn(year: number): Iterable<string>;
}

/** A calendar closed on Saturdays, Sundays and the holidays its rules give for each year. */
export function holidayCalendar(rules: HolidayRules): Calendar {
  const byYear = new Map<number, ReadonlySet<string>>();
  const holidaysOf = (year: number): ReadonlySet<string> => {
    let holidays = byYear.get(year);
    if (!holidays) {
      holidays = new Set(rules.holidaysIn(year));
      byYear.set(year, holidays);
    }
    return holidays;
  };
  const isWorkingDay = (date: string): boolean => {
    toDayNumber(date); // validates
    return !isWeekend(date) && !holidaysOf(yearOf(date)).has(date);
  };
  return workingDayCalendar(rules.name, rules.timeZone, isWorkingDay);
}

/** For schemes that execute 24/7/365 (faster_payments, pay_to; schemes.md § 3 "none"). */
export function everyDayCalendar(name: string, timeZone: string): Calendar {
  return workingDayCalendar(name, timeZone, (date) => {
    toDayNumber(date); // validates
    return true;
  });
}

function workingDayCalendar(name: string, timeZone: string, isWorkingDay: (date: string) => boolean): Calendar {
  const nextWorkingDay = (date: string): string => {
    let day = date;
    while (!isWorkingDay(day)) day = addDays(day, 1);
    return day;
  };
  return {
    name,
    timeZone,
    isWorkingDay,
    nextWorkingDay,
    addWorkingDays(date, n) {
      assertCount(n);
      if (n === 0) return nextWorkingDay(date);
      let day = date;
      for (let counted = 0; counted < n;) {
        day = addDays(day, 1);
        if (isWorkingDay(day)) counted++;
      }
      return day;
    },
  };
}

/** The `n`th working day before `date` (`date` itself never counts). */
export function subtractWorkingDays(calendar: Calendar, date: string, n: number): string {
  assertCount(n);
  let day = date;
  for (let counted = 0; counted < n;) {
    day = addDays(day, -1);
    if (calendar.isWorkingDay(day)) counted++;
  }
  return day;
}

export function firstWorkingDayOfMonth(calendar: Calendar, year: number, month: number): string {
  return calendar.nextWorkingDay(firstDayOfMonth(year, month));
}

export function lastWorkingDayOfMonth(calendar: Calendar, year: number, month: number): string {
  let day = lastDayOfMonth(year, month);
  while (!calendar.isWorkingDay(day)) day = addDays(day, -1);
  return day;
}

/**
 * Holidays plus the substitute ("observed", "Mondayised") days of those that fall on a weekend:
 * each such holiday, taken in date order, moves to the first weekday after it that is not
 * already a holiday. That single rule gives every case schemes.md § 3 lists, e.g. England & Wales
 * 25 Dec on Saturday → Mon 27 and 26 Dec → Tue 28, 25 Dec on Sunday → Tue 27 (26 Dec Mon stays).
 */
export function withWeekendSubstitutes(holidays: Iterable<string>, substitutable: Iterable<string>): string[] {
  const closed = new Set(holidays);
  for (const holiday of [...substitutable].sort()) {
    if (!isWeekend(holiday)) continue;
    let substitute = addDays(holiday, 1);
    while (isWeekend(substitute) || closed.has(substitute)) substitute = addDays(substitute, 1);
    closed.add(substitute);
  }
  return [...closed];
}

/**
 * The Federal Reserve's rule (schemes.md § 3): a holiday on Sunday is observed on Monday; one on
 * Saturday is not moved, so the Friday before stays open.
 */
export function withSundayToMonday(dates: Iterable<string>): string[] {
  return [...dates].map((date) => (dayOfWeek(date) === SUNDAY ? addDays(date, 1) : date));
}

function assertCount(n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Working-day count must be an integer >= 0: ${n}`);
}
