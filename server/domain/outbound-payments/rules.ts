import { MAX_OUTBOUND_AMOUNT, MAX_REFERENCE_LENGTH, REFERENCE } from '../outbound-payment-imports/rules';
import { calendarFor } from '../schemes/calendars';
import { todayIn } from '../schemes/charge-dates';
import { startOfDay } from '../schemes/timing';
import { validationFailed, type FieldIssue } from '../shared/errors';
import type { OutboundPaymentInput } from './types';

/** Outbound payments are Faster Payments: their execution dates are on its calendar (Europe/London). */
const calendar = calendarFor('faster_payments');

/** How far ahead a payment may be scheduled: a year, so a typo does not park money for decades. */
const MAX_DAYS_AHEAD = 366;

const today = (now: Date) => todayIn(calendar.timeZone, now);

/** The execution date asked for, or today's (the first working day from today) when none was given. */
export function executionDate(asked: string | null | undefined, now: Date): string {
  return asked ?? calendar.nextWorkingDay(today(now));
}

/** When the scheme clock starts executing a payment: at once on or after its date, else when that day begins. */
export function executionAt(date: string, now: Date): Date {
  return date <= today(now) ? now : startOfDay(calendar.timeZone, date);
}

/** The sandbox's recipient bank refuses payments to a holder whose name begins "Reject" (README, Sandbox). */
export const rejectedBySandboxBank = (name: string) => /^reject\b/i.test(name.trim());

/** Every field refusal of an outbound payment, at once, before anything is locked or written. */
export function checkInput(input: OutboundPaymentInput, now: Date): void {
  const issues: FieldIssue[] = [];
  if (input.amount > MAX_OUTBOUND_AMOUNT)
    issues.push({ field: 'amount', code: 'amount_too_large', metadata: { maximum_amount: MAX_OUTBOUND_AMOUNT } });
  const reference = input.reference ?? '';
  if (reference.length > MAX_REFERENCE_LENGTH)
    issues.push({ field: 'reference', code: 'too_long', params: { max: MAX_REFERENCE_LENGTH } });
  else if (!REFERENCE.test(reference)) issues.push({ field: 'reference', code: 'invalid_format' });
  if (input.execution_date) {
    const first = today(now);
    const last = new Date(Date.parse(`${first}T00:00:00Z`) + MAX_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10);
    if (input.execution_date < first)
      issues.push({ field: 'execution_date', code: 'invalid_charge_date', params: { date: first } });
    else if (input.execution_date > last)
      issues.push({ field: 'execution_date', code: 'too_large', params: { max: last } });
    else if (!calendar.isWorkingDay(input.execution_date))
      issues.push({ field: 'execution_date', code: 'not_a_working_day' });
  }
  if (issues.length) throw validationFailed(issues);
}
