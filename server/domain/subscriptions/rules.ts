import { MONTHS } from '../billing-requests/codes';
import { isIsoDate } from '../schemes/calendars/dates';
import { checkPaymentAmount } from '../schemes/limits';
import { validatePaymentReference } from '../schemes/references';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import { isDomainError, validationFailed, type FieldIssue } from '../shared/errors';
import { isMinorUnits } from '../shared/money';
import { SUBSCRIPTION_NAME_MAX, type NewSubscription } from './types';

/** Spec: a billing request's subscription_request is for ACH and PAD mandates only. */
export const SUBSCRIPTION_SCHEMES: readonly Scheme[] = ['ach', 'pad'];
/**
 * POST /subscriptions takes any direct-debit mandate (the public API's Bacs and SEPA subscriptions);
 * instant schemes pay once per authorisation and have no recurring debits.
 */
export const NON_RECURRING_SCHEMES: readonly Scheme[] = ['faster_payments', 'pay_to'];
/** Spec: the interval must give at least one charge per year. */
const MAX_INTERVAL = { weekly: 52, monthly: 12, yearly: 1 } as const;

/** Where the payment service's field issues belong on a subscription. */
const PAYMENT_FIELDS: Record<string, string> = { charge_date: 'start_date', reference: 'payment_reference' };

/** A refused first payment, reported on the subscription's fields (under `prefix` in a billing request). */
export function asRequestIssue(error: unknown, prefix = 'subscription_request.'): unknown {
  if (!isDomainError(error) || error.reason !== 'validation_failed') return error;
  return validationFailed(
    (error.options.fields ?? []).map((issue) => ({
      ...issue,
      field: `${prefix}${PAYMENT_FIELDS[issue.field] ?? issue.field}`,
    })),
  );
}

/** What a subscription may be charged, named and referenced as (creation and PUT alike). */
export function checkChanges(
  s: { amount: number; app_fee: number | null; name: string | null; payment_reference: string | null },
  scheme: Scheme,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const limit = isMinorUnits(s.amount) && s.amount > 0 ? checkPaymentAmount(scheme, s.amount) : 'too_small';
  if (limit) issues.push({ field: 'amount', code: limit === 'too_small' ? 'amount_too_small' : 'amount_too_large' });
  if (s.app_fee !== null && s.app_fee > s.amount)
    issues.push({ field: 'app_fee', code: 'too_large', params: { max: s.amount } });
  if (s.name && s.name.length > SUBSCRIPTION_NAME_MAX)
    issues.push({ field: 'name', code: 'too_long', params: { max: SUBSCRIPTION_NAME_MAX } });
  if (s.payment_reference && !validatePaymentReference(scheme, s.payment_reference))
    issues.push({ field: 'payment_reference', code: 'invalid_format' });
  return issues;
}

/** A new subscription (or a billing request's subscription_request) against the mandate it is on. */
export function checkRequest(r: NewSubscription, scheme: Scheme, earliest: string): FieldIssue[] {
  const issues = checkChanges(
    {
      amount: r.amount,
      app_fee: r.app_fee ?? null,
      name: r.name ?? null,
      payment_reference: r.payment_reference ?? null,
    },
    scheme,
  );
  const currency = CURRENCY_OF_SCHEME[scheme];
  if (r.currency !== currency) issues.push({ field: 'currency', code: 'currency_mismatch', params: { currency } });
  if (!Number.isInteger(r.interval) || r.interval < 1)
    issues.push({ field: 'interval', code: 'too_small', params: { min: 1 } });
  else if (r.interval > MAX_INTERVAL[r.interval_unit])
    issues.push({ field: 'interval', code: 'too_large', params: { max: MAX_INTERVAL[r.interval_unit] } });
  const day = r.day_of_month;
  if (day !== null && day !== undefined) {
    if (r.interval_unit === 'weekly') issues.push({ field: 'day_of_month', code: 'not_weekly' });
    else if (day !== -1 && !(Number.isInteger(day) && day >= 1 && day <= 28))
      issues.push({ field: 'day_of_month', code: 'invalid_choice', params: { values: '1-28, -1' } });
  }
  if (r.month && r.interval_unit !== 'yearly') issues.push({ field: 'month', code: 'yearly_only' });
  else if (r.month && !(MONTHS as readonly string[]).includes(r.month))
    issues.push({ field: 'month', code: 'invalid_choice', params: { values: MONTHS.join(', ') } });
  if (r.count !== null && r.count !== undefined && !(Number.isInteger(r.count) && r.count >= 1))
    issues.push({ field: 'count', code: 'too_small', params: { min: 1 } });
  if (r.start_date && !isIsoDate(r.start_date)) issues.push({ field: 'start_date', code: 'invalid_date' });
  else if (r.start_date && r.start_date < earliest)
    issues.push({ field: 'start_date', code: 'invalid_charge_date', params: { date: earliest } });
  // Public API: a subscription ends after `count` payments or before `end_date`, never both.
  if (r.end_date && r.count !== null && r.count !== undefined)
    issues.push({ field: 'end_date', code: 'not_with', params: { other: 'count' } });
  else if (r.end_date && !isIsoDate(r.end_date)) issues.push({ field: 'end_date', code: 'invalid_date' });
  return issues;
}

/** An end date must leave the subscription at least its first charge (end_date is exclusive). */
export function checkEndDate(endDate: string | null | undefined, firstCharge: string): FieldIssue[] {
  return endDate && endDate <= firstCharge
    ? [{ field: 'end_date', code: 'after_first_charge', params: { date: firstCharge } }]
    : [];
}
