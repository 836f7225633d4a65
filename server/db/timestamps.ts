import pg from 'pg';

/** Postgres's type id of `timestamptz`. */
export const TIMESTAMPTZ = 1184;

const fallback = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date;
const digit = (text: string, at: number) => text.charCodeAt(at) - 48;
const twoDigits = (text: string, at: number) => digit(text, at) * 10 + digit(text, at + 1);

/**
 * `timestamptz` text as a `Date`. Every timestamp we store comes back in the session's zone, UTC:
 * `2026-11-27 13:18:47.576542+00`. That shape is read digit by digit; anything else (another zone,
 * a year past 9999, BC, infinity) goes to node-postgres's own parser, whose result this equals.
 * Its regular expressions were the largest single cost of reading a list page (decision 0055):
 * every row has two timestamps.
 */
export function parseTimestamptz(text: string): Date {
  // A row's updated_at is mostly its created_at: the instant just read is kept for the next call.
  if (text === lastText) return new Date(lastTime);
  const length = text.length;
  if (length < 22 || length > 29 || text.charCodeAt(length - 3) !== 43 /* + */ || !text.endsWith('+00'))
    return fallback(text);
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(10) !== 32 || text.charCodeAt(13) !== 58) return fallback(text);
  let ms = 0;
  if (length > 22) {
    if (text.charCodeAt(19) !== 46 /* . */) return fallback(text);
    // Milliseconds from the first three fraction digits; the rest truncated, as Date keeps them.
    for (let i = 20, scale = 100; i < length - 3 && scale >= 1; i++, scale /= 10) ms += digit(text, i) * scale;
  }
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + twoDigits(text, 2);
  const time = Date.UTC(
    year,
    twoDigits(text, 5) - 1,
    twoDigits(text, 8),
    twoDigits(text, 11),
    twoDigits(text, 14),
    twoDigits(text, 17),
    ms,
  );
  // Date.UTC reads years 0–99 as 1900–1999: those take the long way.
  if (year < 100 || Number.isNaN(time)) return fallback(text);
  lastText = text;
  lastTime = time;
  return new Date(time);
}
let lastText = '';
let lastTime = 0;
