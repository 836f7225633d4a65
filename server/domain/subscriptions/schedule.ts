import { MONTHS } from '../billing-requests/codes';
import { calendarFor, type Calendar } from '../schemes/calendars';
import { addDays, isoDate, lastDayOfMonth, monthOf, toDayNumber, yearOf } from '../schemes/calendars/dates';
import { nextPossibleChargeDate } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import type { IntervalUnit, Month, SubscriptionPause, SubscriptionRow } from './types';

/**
 * When a subscription (or an instalment schedule built from an interval) charges: pure date
 * arithmetic on ISO dates, no clock and no database.
 *
 * The k-th charge is found directly from the start (never by stepping from the previous charge),
 * so a monthly charge on the 31st is on the 31st whenever the month has one and on the month's
 * last day otherwise, without drifting to the 28th after February. A date on a day the scheme
 * does not work rolls forward to its next working day.
 */
export interface ChargeRule {
  /** The first date a charge may fall on (the subscription's start_date). */
  startDate: string;
  interval: number;
  intervalUnit: IntervalUnit;
  /** 1–28, or -1 for the month's last day (monthly and yearly); absent: the start date's day. */
  dayOfMonth?: number | null;
  /** Yearly only; absent: the start date's month. */
  month?: Month | null;
  /** Charges in all; absent: no limit. */
  count?: number | null;
  /** Public API: the date "on or after which no further payments should be created" (exclusive). */
  endDate?: string | null;
  calendar: Pick<Calendar, 'nextWorkingDay'>;
  /** Cycles skipped by pauses: charge k falls in cycle k plus the cycles skipped before it. */
  skips?: readonly SubscriptionPause[];
}

/** Day `day` of a month (-1 = its last day), held to the month's last day when it has fewer. */
function dayInMonth(year: number, month: number, day: number): string {
  const last = lastDayOfMonth(year, month);
  const lastDay = Number(last.slice(8, 10));
  return day === -1 || day >= lastDay ? last : isoDate(year, month, day);
}

/** The (year, month) `by` months after a (year, month). */
function shiftMonths(year: number, month: number, by: number): [number, number] {
  const index = year * 12 + (month - 1) + by;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/** The k-th (0-based) date of the rule before any working-day roll and any count or end limit. */
export function nominalDate(rule: ChargeRule, k: number): string {
  const { startDate, interval } = rule;
  if (rule.intervalUnit === 'weekly') return addDays(startDate, 7 * interval * k);
  const startYear = yearOf(startDate);
  const startMonth = monthOf(startDate);
  const day = rule.dayOfMonth ?? Number(startDate.slice(8, 10));
  if (rule.intervalUnit === 'monthly') {
    // The first charge is in the start month unless that month's charge day is already past.
    const skip = dayInMonth(startYear, startMonth, day) < startDate ? 1 : 0;
    const [year, month] = shiftMonths(startYear, startMonth, skip + interval * k);
    return dayInMonth(year, month, day);
  }
  const month = rule.month ? MONTHS.indexOf(rule.month) + 1 : startMonth;
  const skip = dayInMonth(startYear, month, day) < startDate ? 1 : 0;
  return dayInMonth(startYear + skip + interval * k, month, day);
}

/** The cycle the k-th charge falls in: k, plus every cycle a pause made before it skipped. */
export function cycleOfCharge(rule: ChargeRule, k: number): number {
  let cycle = k;
  for (const pause of rule.skips ?? []) if (pause.from_charge <= k) cycle += pause.cycles ?? 0;
  return cycle;
}

/** The working-day date of a cycle, before any count or end limit. */
const cycleDate = (rule: ChargeRule, cycle: number) => rule.calendar.nextWorkingDay(nominalDate(rule, cycle));

/** The charge date of the k-th (0-based) charge, or null when the rule has no k-th charge. */
export function chargeDateAt(rule: ChargeRule, k: number): string | null {
  if (rule.count !== null && rule.count !== undefined && k >= rule.count) return null;
  const date = cycleDate(rule, cycleOfCharge(rule, k));
  if (rule.endDate && date >= rule.endDate) return null;
  return date;
}

/**
 * Public API resume: "the charge_date on the next payment will be the same as the subscription's
 * earliest_charge_date_after_resume", the first cycle from `fromCycle` whose date the mandate can
 * still be charged on. Answers how many cycles that passes over.
 */
export function cyclesUntil(rule: ChargeRule, fromCycle: number, earliest: string): number {
  let cycle = fromCycle;
  while (cycleDate(rule, cycle) < earliest) cycle++;
  return cycle - fromCycle;
}

/** The date a paused subscription's next charge would have if resumed when `earliest` is the first possible. */
export function chargeDateAfterResume(rule: ChargeRule, nextCharge: number, earliest: string): string {
  const from = cycleOfCharge(rule, nextCharge);
  return cycleDate(rule, from + cyclesUntil(rule, from, earliest));
}

/** The longest a period can be, in days, so an index estimated with it never overshoots. */
const LONGEST_PERIOD_DAYS = { weekly: 7, monthly: 31, yearly: 366 } as const;

/**
 * A charge index safely before `fromDate`, so a subscription years old is not walked from its
 * first charge: two periods back from an estimate made with the longest period, which leaves
 * more than any working-day roll (a few days) between that charge and `fromDate`.
 */
function indexBefore(rule: ChargeRule, fromDate: string): number {
  const days = toDayNumber(fromDate) - toDayNumber(rule.startDate);
  const skipped = (rule.skips ?? []).reduce((sum, pause) => sum + (pause.cycles ?? 0), 0);
  // Charge k falls in a cycle at most `skipped` later than k, so k this far back is early enough.
  return Math.max(0, Math.floor(days / (LONGEST_PERIOD_DAYS[rule.intervalUnit] * rule.interval)) - 2 - skipped);
}

/** The next `n` (at most) charge dates on or after `fromDate`, in order. */
export function upcomingChargeDates(rule: ChargeRule, fromDate: string, n: number): string[] {
  const dates: string[] = [];
  // Charge dates never decrease with k, so the first missing charge ends the schedule.
  for (let k = indexBefore(rule, fromDate); dates.length < n; k++) {
    const date = chargeDateAt(rule, k);
    if (date === null) break;
    if (date >= fromDate) dates.push(date);
  }
  return dates;
}

/**
 * A subscription's payments are created this long before their charge date, so the payer's
 * advance notice (PAD asks for at least 10 days) goes out in time; the scheme clock creates each.
 */
export const PAYMENT_CREATION_LEAD_DAYS = 30;

/** When the payment charged on `chargeDate` is to be created (at once when that time has passed). */
export function chargeCreationAt(chargeDate: string, now: Date): Date {
  const due = new Date(`${addDays(chargeDate, -PAYMENT_CREATION_LEAD_DAYS)}T00:00:00.000Z`);
  return due > now ? due : now;
}

/** A stored subscription's rule, on its mandate's scheme calendar. */
export function chargeRuleOf(row: SubscriptionRow): ChargeRule {
  return {
    startDate: row.start_date,
    interval: row.interval,
    intervalUnit: row.interval_unit,
    dayOfMonth: row.day_of_month,
    month: row.month,
    count: row.count,
    endDate: row.end_date,
    calendar: calendarFor(row.scheme as Scheme),
    skips: row.pauses,
  };
}

/**
 * A paused subscription's `earliest_charge_date_after_resume`: the date its next payment would
 * get if resumed at `now` (the mandate's next possible charge date, moved on to a cycle's date).
 * The display assumes an active mandate; resuming itself uses the mandate's real status.
 */
export function earliestChargeDateAfterResume(row: SubscriptionRow, now: Date): string | null {
  const open = row.pauses.at(-1);
  if (row.status !== 'paused' || !open) return null;
  const earliest = nextPossibleChargeDate(row.scheme as Scheme, { now, mandateActive: true });
  return chargeDateAfterResume(chargeRuleOf({ ...row, pauses: row.pauses.slice(0, -1) }), open.from_charge, earliest);
}
