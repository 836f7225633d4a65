import type { Environment } from '../shared/context';
import { calendarFor } from './calendars';
import { nextPossibleChargeDate, todayIn } from './charge-dates';
import type { Scheme } from './types';

/**
 * When the scheme clock moves things. Live follows the scheme calendars (spec: Timing of
 * collection by scheme). The sandbox is instant for everything that happens inside the schemes —
 * mandate lodging and activation, confirmation and payout — but still submits a payment on its
 * submission day, so a payment can be cancelled until then, as in live.
 */

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** The instant a calendar date begins in an IANA time zone. */
export function startOfDay(timeZone: string, date: string): Date {
  let formatter = offsetFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    offsetFormatters.set(timeZone, formatter);
  }
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset at that moment, read off its wall clock; applied twice to settle DST edges.
  let guess = utcMidnight;
  for (let i = 0; i < 2; i++) {
    const p = Object.fromEntries(formatter.formatToParts(new Date(guess)).map((x) => [x.type, x.value]));
    const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
    guess = utcMidnight - (wall - guess);
  }
  return new Date(guess);
}

/** The scheme whose calendar times a payment or a refund: credit transfers follow the SEPA (TARGET) calendar. */
export const calendarSchemeOf = (scheme: string): Scheme =>
  scheme.startsWith('sepa_') ? 'sepa_core' : (scheme as Scheme);

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/** Next moment the scheme takes submissions: now on a working day, else the next one's start. */
export function nextSubmissionAt(scheme: Scheme, now: Date): Date {
  const calendar = calendarFor(scheme);
  const today = todayIn(calendar.timeZone, now);
  const day = calendar.nextWorkingDay(today);
  return day === today ? now : startOfDay(calendar.timeZone, day);
}

/** `days` working days after the day of `from`, at that day's start. */
export function workingDaysAfter(scheme: Scheme, from: Date, days: number): Date {
  const calendar = calendarFor(scheme);
  return startOfDay(calendar.timeZone, calendar.addWorkingDays(todayIn(calendar.timeZone, from), days));
}

export function mandateSubmissionAt(scheme: Scheme, now: Date, environment: Environment): Date {
  return environment === 'sandbox' ? now : nextSubmissionAt(scheme, now);
}

export function afterWorkingDays(scheme: Scheme, from: Date, days: number, environment: Environment): Date {
  return environment === 'sandbox' ? from : workingDaysAfter(scheme, from, days);
}

/**
 * The day a payment must be submitted to be collected on `chargeDate`: the latest working day
 * from which the scheme's lead time still reaches it. Never earlier than now.
 *
 * In the sandbox the days the scheme is closed pass at once: a payment due for the scheme's next
 * submission day (the earliest charge date) is submitted now, on a Saturday as on a Monday, so
 * "create a payment, watch it reach paid_out" works whatever the day (the README's quick start
 * waited all weekend). A payment for a later date still waits for its own day, cancellable until
 * then, as in live (decision 0011).
 */
export function paymentSubmissionAt(
  scheme: Scheme,
  chargeDate: string,
  mandateActive: boolean,
  now: Date,
  environment: Environment,
): Date {
  const at = submissionDayStart(scheme, chargeDate, mandateActive, now);
  if (environment === 'sandbox' && at.getTime() <= nextSubmissionAt(scheme, now).getTime()) return now;
  return at;
}

function submissionDayStart(scheme: Scheme, chargeDate: string, mandateActive: boolean, now: Date): Date {
  const calendar = calendarFor(scheme);
  let day = chargeDate;
  for (let i = 0; i < 60; i++) {
    if (calendar.isWorkingDay(day)) {
      const start = startOfDay(calendar.timeZone, day);
      if (nextPossibleChargeDate(scheme, { now: start, mandateActive }) <= chargeDate) return later(start, now);
    }
    day = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  }
  return now;
}

/** Confirmation follows collection by a working day in live; at once in the sandbox. */
export function paymentConfirmationAt(scheme: Scheme, chargeDate: string, now: Date, environment: Environment): Date {
  if (environment === 'sandbox') return now;
  const calendar = calendarFor(scheme);
  return later(startOfDay(calendar.timeZone, calendar.addWorkingDays(chargeDate, 1)), now);
}
