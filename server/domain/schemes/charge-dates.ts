import {
  type Calendar,
  calendarFor,
  firstWorkingDayOfMonth,
  isIsoDate,
  lastWorkingDayOfMonth,
  subtractWorkingDays,
} from './calendars';
import type { Scheme } from './types';

/**
 * The earliest date a payment can be charged, from the spec's "Timing of collection by scheme"
 * table and schemes.md § 1 lead times. Every scheme submits on its "submission day": today in the
 * scheme calendar's time zone, or the next working day when today is not one. No intra-day
 * cut-off is modelled (docs/decisions/0006-scheme-calendars.md explains why each lead is safe
 * without one).
 */

export interface ChargeDateOptions {
  now: Date;
  /** False while the mandate still has to be lodged (bacs, autogiro, betalingsservice). */
  mandateActive: boolean;
  /** ach only: Faster ACH instead of standard ACH. */
  faster?: boolean;
}

export type ChargeDateResolution =
  { ok: true; chargeDate: string } | { ok: false; code: 'invalid_charge_date'; earliest: string };

interface LeadTime {
  /** Working days from the submission day to the charge date once the mandate is active. */
  active: number;
  /** The same for a mandate that has yet to be lodged; equal to `active` where none is lodged. */
  newMandate: number;
}

/** Schemes with a plain "n working days after submission" lead (all but betalingsservice and ach). */
const LEAD_TIMES: Record<Exclude<Scheme, 'ach' | 'betalingsservice'>, LeadTime> = {
  // Active: collected 2 working days after submission; new: collected after 4 (spec table).
  bacs: { active: 2, newMandate: 4 },
  // Submitted 2 interbank days before the due date; a new mandate first takes up to 6 more.
  autogiro: { active: 2, newMandate: 6 + 2 },
  becs: { active: 1, newMandate: 1 },
  becs_nz: { active: 2, newMandate: 2 },
  pad: { active: 3, newMandate: 3 },
  sepa_core: { active: 1, newMandate: 1 },
  // Near-instant, 24/7/365: the charge date is today.
  faster_payments: { active: 0, newMandate: 0 },
  pay_to: { active: 0, newMandate: 0 },
};

/**
 * The payer's advance notice of each collection goes out when the payment is created (issue 21),
 * so the earliest charge date leaves at least this many working days after the submission day
 * (schemes.md § 1 "Advance notice"): Bacs 3 working days (GoCardless' notice period, the one the
 * Direct Debit Guarantee text promises), Autogiro 8 banking days. The others need no more than
 * their lead time: SEPA's 2 days is "or at creation if later", BECS has no per-payment notice,
 * PAD's and BECS NZ's 10 days are waived in the agreement the payer signs (decision 0032).
 */
const ADVANCE_NOTICE_WORKING_DAYS: Partial<Record<Scheme, number>> = { bacs: 3, autogiro: 8 };

/**
 * ach takes "4–5 business days" standard and "2–3" Faster ACH; the upper bound is the one that is
 * always met, so the date we promise never slips (schemes.md § 1 ach).
 */
const ACH_STANDARD_BUSINESS_DAYS = 5;
const ACH_FASTER_BUSINESS_DAYS = 3;

/** Betalingsservice: collections are submitted 8 working days before the end of the prior month. */
const BETALINGSSERVICE_SUBMISSION_DAYS_BEFORE_MONTH_END = 8;
/** Betalingsservice: a new mandate exists at least 1 working day before payments are created. */
const BETALINGSSERVICE_NEW_MANDATE_DAYS = 1;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date (`YYYY-MM-DD`) in an IANA time zone at an instant. */
export function todayIn(timeZone: string, now: Date): string {
  let formatter = dateFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The first day the scheme can take a submission: today there, or its next working day. */
function submissionDay(calendar: Calendar, now: Date): string {
  return calendar.nextWorkingDay(todayIn(calendar.timeZone, now));
}

export function nextPossibleChargeDate(scheme: Scheme, opts: ChargeDateOptions): string {
  const calendar = calendarFor(scheme);
  const submission = submissionDay(calendar, opts.now);
  if (scheme === 'ach') {
    return calendar.addWorkingDays(submission, opts.faster ? ACH_FASTER_BUSINESS_DAYS : ACH_STANDARD_BUSINESS_DAYS);
  }
  if (scheme === 'betalingsservice') {
    const paymentsFrom = opts.mandateActive
      ? submission
      : calendar.addWorkingDays(submission, BETALINGSSERVICE_NEW_MANDATE_DAYS);
    return firstBetalingsserviceChargeDate(calendar, paymentsFrom);
  }
  const lead = LEAD_TIMES[scheme];
  const days = Math.max(opts.mandateActive ? lead.active : lead.newMandate, ADVANCE_NOTICE_WORKING_DAYS[scheme] ?? 0);
  return calendar.addWorkingDays(submission, days);
}

/** ach's `next_possible_standard_ach_charge_date`, whatever the creditor's Faster ACH setting. */
export function nextPossibleStandardAchChargeDate(opts: Omit<ChargeDateOptions, 'faster'>): string {
  return nextPossibleChargeDate('ach', { ...opts, faster: false });
}

/**
 * Betalingsservice charges by month: a payment for month M must be submitted on or before the day
 * 8 working days before the last working day of month M−1. The earliest charge date is therefore
 * the first working day of the first month whose deadline is not before `paymentsFrom`.
 */
function firstBetalingsserviceChargeDate(calendar: Calendar, paymentsFrom: string): string {
  let year = Number(paymentsFrom.slice(0, 4));
  let month = Number(paymentsFrom.slice(5, 7));
  for (;;) {
    const deadline = subtractWorkingDays(
      calendar,
      lastWorkingDayOfMonth(calendar, year, month),
      BETALINGSSERVICE_SUBMISSION_DAYS_BEFORE_MONTH_END,
    );
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    if (paymentsFrom <= deadline) return firstWorkingDayOfMonth(calendar, year, month);
  }
}

/**
 * The charge date a payment gets: the earliest possible when none is asked for; a requested date
 * on a non-working day rolls forward to the next working day, and one that (after rolling) is
 * before the earliest possible is refused with that earliest date (schemes.md "All:").
 */
export function resolveChargeDate(
  scheme: Scheme,
  requested: string | undefined,
  opts: ChargeDateOptions,
): ChargeDateResolution {
  const earliest = nextPossibleChargeDate(scheme, opts);
  if (requested === undefined) return { ok: true, chargeDate: earliest };
  if (!isIsoDate(requested)) return { ok: false, code: 'invalid_charge_date', earliest };
  const chargeDate = calendarFor(scheme).nextWorkingDay(requested);
  if (chargeDate < earliest) return { ok: false, code: 'invalid_charge_date', earliest };
  return { ok: true, chargeDate };
}
