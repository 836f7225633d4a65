/**
 * Arithmetic on ISO calendar dates (`YYYY-MM-DD`). A date is a day in some calendar, not an
 * instant, so the API takes and returns strings and all internal arithmetic is done in UTC, where
 * no day is ever 23 or 25 hours long.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export const SUNDAY = 0;
export const MONDAY = 1;
export const THURSDAY = 4;
export const FRIDAY = 5;
export const SATURDAY = 6;

/** True for a real calendar date written `YYYY-MM-DD` (so `2026-02-30` is false). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isoDate(year, month, day) === value;
}

/** Days since 1970-01-01; throws on anything that is not a real ISO date. */
export function toDayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match || !isIsoDate(date)) throw new RangeError(`Not an ISO date (YYYY-MM-DD): ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
}

export function fromDayNumber(dayNumber: number): string {
  return new Date(dayNumber * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The ISO date of a year, month (1–12) and day; day 0 is the last day of the previous month. */
export function isoDate(year: number, month: number, day: number): string {
  const utc = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC maps years 0–99 to 1900–1999; set the full year explicitly.
  utc.setUTCFullYear(year, month - 1, day);
  return utc.toISOString().slice(0, 10);
}

export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

export function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

export function addDays(date: string, days: number): string {
  return fromDayNumber(toDayNumber(date) + days);
}

/** 0 = Sunday … 6 = Saturday, as `Date#getUTCDay`. */
export function dayOfWeek(date: string): number {
  // 1970-01-01 was a Thursday.
  return (((toDayNumber(date) + THURSDAY) % 7) + 7) % 7;
}

export function isWeekend(date: string): boolean {
  const weekday = dayOfWeek(date);
  return weekday === SATURDAY || weekday === SUNDAY;
}

/** The `n`th (1-based) given weekday of a month, e.g. the 3rd Monday of January. */
export function nthWeekdayOfMonth(year: number, month: number, weekday: number, n: number): string {
  const first = isoDate(year, month, 1);
  const offset = (weekday - dayOfWeek(first) + 7) % 7;
  return addDays(first, offset + 7 * (n - 1));
}

/** The last given weekday of a month, e.g. the last Monday of May. */
export function lastWeekdayOfMonth(year: number, month: number, weekday: number): string {
  return lastWeekdayOnOrBefore(isoDate(year, month + 1, 0), weekday);
}

/** The latest given weekday on or before a date (Victoria Day: the Monday on or before 24 May). */
export function lastWeekdayOnOrBefore(date: string, weekday: number): string {
  return addDays(date, -((dayOfWeek(date) - weekday + 7) % 7));
}

export function firstDayOfMonth(year: number, month: number): string {
  return isoDate(year, month, 1);
}

export function lastDayOfMonth(year: number, month: number): string {
  return isoDate(year, month + 1, 0);
}

/**
 * Western Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher), so every
 * calendar's Easter-based days (schemes.md § 3 offsets) work for any year without a table.
 */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** A day counted from Easter Sunday (schemes.md § 3: Good Friday −2, Easter Monday +1, …). */
export function easterOffset(year: number, days: number): string {
  return addDays(easterSunday(year), days);
}
