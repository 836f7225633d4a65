import { calendarFor } from '../schemes/calendars';
import { isIsoDate } from '../schemes/calendars/dates';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { FieldIssue } from '../shared/errors';
import { upcomingChargeDates } from '../subscriptions/schedule';
import {
  INSTALMENT_SCHEDULE_NAME_MAX,
  type CreateInstalmentSchedule,
  type DatedInstalment,
  type InstalmentInterval,
} from './types';

/** A schedule to create, from the API body or a billing request's instalment_schedule_request. */
export type Draft = Omit<CreateInstalmentSchedule, 'links'>;

/** One payment of the schedule; a null charge date is the earliest possible. */
export interface PlannedPayment {
  amount: number;
  chargeDate: string | null;
  description: string | null;
}

/**
 * Where a refusal points in what the client sent: `instalments` in the API body, the
 * `instalments_with_dates` / `_with_schedule` of a billing request's instalment_schedule_request.
 */
export interface FieldPaths {
  prefix: string;
  instalments: string;
}

/** Spec: instalment schedule requests are for ACH and PAD mandates only. */
export const REQUEST_SCHEMES: readonly Scheme[] = ['ach', 'pad'];

export const isInterval = (instalments: Draft['instalments']): instalments is InstalmentInterval =>
  !Array.isArray(instalments);

/** The rules of the schedule as a whole; each payment's own checks come from the payment service. */
export function checkDraft(draft: Draft, scheme: Scheme, paths: FieldPaths): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (field: string) => `${paths.prefix}${field}`;
  if (!draft.name.trim()) issues.push({ field: at('name'), code: 'blank' });
  if (draft.name.length > INSTALMENT_SCHEDULE_NAME_MAX)
    issues.push({ field: at('name'), code: 'too_long', params: { max: INSTALMENT_SCHEDULE_NAME_MAX } });
  const currency = CURRENCY_OF_SCHEME[scheme];
  if (draft.currency !== currency)
    issues.push({ field: at('currency'), code: 'currency_mismatch', params: { currency } });
  const amounts = isInterval(draft.instalments) ? draft.instalments.amounts : draft.instalments.map((i) => i.amount);
  if (!amounts.length) issues.push({ field: at(paths.instalments), code: 'too_few', params: { min: 1 } });
  const sum = amounts.reduce((total, amount) => total + amount, 0);
  if (sum !== draft.total_amount) issues.push({ field: at('total_amount'), code: 'must_equal_sum', params: { sum } });
  const smallest = Math.min(...amounts);
  if (draft.app_fee && draft.app_fee > smallest)
    issues.push({ field: at('app_fee'), code: 'too_large', params: { max: smallest } });
  if (isInterval(draft.instalments)) {
    const { interval, start_date: start } = draft.instalments;
    if (!Number.isInteger(interval) || interval < 1)
      issues.push({ field: at(`${paths.instalments}.interval`), code: 'too_small', params: { min: 1 } });
    if (start && !isIsoDate(start)) issues.push({ field: at(`${paths.instalments}.start_date`), code: 'invalid_date' });
  } else {
    draft.instalments.forEach((instalment: DatedInstalment, n) => {
      if (instalment.charge_date && !isIsoDate(instalment.charge_date))
        issues.push({ field: at(`${paths.instalments}.${n}.charge_date`), code: 'invalid_date' });
    });
  }
  return issues;
}

/** Each instalment's amount, charge date (null: earliest possible) and payment description. */
export function planOf(draft: Draft, scheme: Scheme, earliest: string): PlannedPayment[] {
  if (!isInterval(draft.instalments)) {
    return draft.instalments.map((i) => ({
      amount: i.amount,
      chargeDate: i.charge_date ?? null,
      description: i.description ?? null,
    }));
  }
  const { amounts, interval, interval_unit: intervalUnit, start_date: start } = draft.instalments;
  const startDate = start ?? earliest;
  const rule = { startDate, interval, intervalUnit, count: amounts.length, calendar: calendarFor(scheme) };
  const dates = upcomingChargeDates(rule, startDate, amounts.length);
  // Spec: the schedule's name is copied to its payments in schedule-based creation.
  return amounts.map((amount, n) => ({ amount, chargeDate: dates[n]!, description: draft.name }));
}

/** A payment's refused field, as the field of the instalment it came from. */
export function instalmentField(paths: FieldPaths, draft: Draft, index: number, field: string): string {
  const at = `${paths.prefix}${paths.instalments}`;
  if (field === 'reference') return `${paths.prefix}payment_reference`;
  if (field === 'currency') return `${paths.prefix}currency`;
  if (!isInterval(draft.instalments)) return `${at}.${index}.${field}`;
  if (field === 'amount') return `${at}.amounts.${index}`;
  return field === 'charge_date' ? `${at}.start_date` : `${at}.${field}`;
}

/** One issue per field and code: a start date too early refuses several instalments alike. */
export function withoutRepeats(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.field} ${issue.code}`;
    return !seen.has(key) && Boolean(seen.add(key));
  });
}
