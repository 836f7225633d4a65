import { nextPossibleChargeDate } from '../schemes/charge-dates';
import { CURRENCY_OF_SCHEME, DEFAULT_SCHEME_FOR_CURRENCY, type Scheme } from '../schemes/types';
import type { FieldIssue } from '../shared/errors';
import type { Currency } from '../shared/money';
import type { InstalmentScheduleRequest, MandateRequest, PaymentRequest, SubscriptionRequest } from './types';

/**
 * Rules of POST /billing_requests that span fields (types, enums and lengths are checked by the
 * route's schema first). Each returns the field issues it finds; the service refuses the request
 * with all of them at once.
 */
type Draft<T> = Omit<T, 'id'>;

export interface BillingRequestDraft {
  mandate_request?: Draft<MandateRequest> | null;
  payment_request?: Draft<PaymentRequest> | null;
  subscription_request?: Draft<SubscriptionRequest> | null;
  instalment_schedule_request?: Draft<InstalmentScheduleRequest> | null;
}

const ACH_CONSENT = ['one_off', 'recurring', 'standing'];
const PAD_CONSENT = ['single', 'recurring', 'sporadic'];
const PAYMENT_SCHEMES: Record<string, string[]> = {
  GBP: ['faster_payments'],
  EUR: ['sepa_credit_transfer', 'sepa_instant_credit_transfer'],
};

/** The mandate's scheme: as requested, or the currency's usual one. */
export function mandateScheme(m: Draft<MandateRequest>): Scheme {
  return (m.scheme as Scheme | null | undefined) ?? DEFAULT_SCHEME_FOR_CURRENCY[m.currency as Currency];
}

function mandateRules(m: Draft<MandateRequest>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (f: string) => `mandate_request.${f}`;
  const scheme = mandateScheme(m);
  if (m.scheme && CURRENCY_OF_SCHEME[m.scheme as Scheme] !== m.currency) {
    issues.push({
      field: at('currency'),
      code: 'scheme_currency_mismatch',
      params: { currency: CURRENCY_OF_SCHEME[m.scheme as Scheme] },
    });
  }
  if (scheme === 'pay_to' || scheme === 'faster_payments') {
    if (!m.constraints) issues.push({ field: at('constraints'), code: 'required' });
    else if (!m.constraints.max_amount_per_payment)
      issues.push({ field: at('constraints.max_amount_per_payment'), code: 'required' });
  }
  if (scheme === 'faster_payments' && (m.sweeping === undefined || m.sweeping === null))
    issues.push({ field: at('sweeping'), code: 'required' });
  if (m.consent_type) {
    const allowed = scheme === 'ach' ? ACH_CONSENT : scheme === 'pad' ? PAD_CONSENT : [];
    if (!allowed.length) issues.push({ field: at('consent_type'), code: 'ach_pad_only' });
    else if (!allowed.includes(m.consent_type))
      issues.push({ field: at('consent_type'), code: 'invalid_choice', params: { values: allowed.join(', ') } });
  }
  if (m.authorisation_source && scheme !== 'ach') issues.push({ field: at('authorisation_source'), code: 'ach_only' });
  if (m.constraints?.payment_method && scheme !== 'ach' && scheme !== 'pad')
    issues.push({ field: at('constraints.payment_method'), code: 'ach_pad_only' });
  // Spec: custom mandate references are disabled by default; one is generated.
  if (m.reference) issues.push({ field: at('reference'), code: 'custom_reference_disabled' });
  return issues;
}

function paymentRules(p: Draft<PaymentRequest>, mandate: Draft<MandateRequest> | null | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (f: string) => `payment_request.${f}`;
  const underPayTo = mandate && mandateScheme(mandate) === 'pay_to';
  if (underPayTo) {
    // A PayTo agreement's first payment is collected under the agreement, in its currency.
    if (p.currency !== 'AUD') issues.push({ field: at('currency'), code: 'invalid_choice', params: { values: 'AUD' } });
  } else if (!PAYMENT_SCHEMES[p.currency]) {
    issues.push({ field: at('currency'), code: 'invalid_choice', params: { values: 'GBP, EUR' } });
  } else if (p.scheme && !PAYMENT_SCHEMES[p.currency]!.includes(p.scheme)) {
    issues.push({
      field: at('scheme'),
      code: 'invalid_choice',
      params: { values: PAYMENT_SCHEMES[p.currency]!.join(', ') },
    });
  }
  if (p.app_fee && p.app_fee > p.amount)
    issues.push({ field: at('app_fee'), code: 'too_large', params: { max: p.amount } });
  // Spec: a custom reference only for PayTo payments or direct-funds Faster Payments.
  const directFps =
    p.funds_settlement === 'direct' && (p.scheme ?? PAYMENT_SCHEMES[p.currency]?.[0]) === 'faster_payments';
  if (p.reference && !underPayTo && !directFps) issues.push({ field: at('reference'), code: 'reference_not_allowed' });
  return issues;
}

const ONE_YEAR_MAX_INTERVAL = { weekly: 52, monthly: 12, yearly: 1 } as const;

function subscriptionRules(s: Draft<SubscriptionRequest>, currency: string | null): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (f: string) => `subscription_request.${f}`;
  if (currency && s.currency !== currency)
    issues.push({ field: at('currency'), code: 'currency_mismatch', params: { currency } });
  // Spec: the interval must give at least one charge per year.
  if (s.interval > ONE_YEAR_MAX_INTERVAL[s.interval_unit]) {
    issues.push({ field: at('interval'), code: 'too_large', params: { max: ONE_YEAR_MAX_INTERVAL[s.interval_unit] } });
  }
  if (s.month && s.interval_unit !== 'yearly') issues.push({ field: at('month'), code: 'yearly_only' });
  if (s.day_of_month !== null && s.day_of_month !== undefined && s.interval_unit === 'weekly')
    issues.push({ field: at('day_of_month'), code: 'not_weekly' });
  return issues;
}

function instalmentRules(
  i: Draft<InstalmentScheduleRequest>,
  scheme: Scheme | null,
  currency: string | null,
  now: Date,
): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (f: string) => `instalment_schedule_request.${f}`;
  if (currency && i.currency !== currency)
    issues.push({ field: at('currency'), code: 'currency_mismatch', params: { currency } });
  const withDates = i.instalments_with_dates;
  const withSchedule = i.instalments_with_schedule;
  if (Boolean(withDates) === Boolean(withSchedule)) {
    issues.push({
      field: at('instalments_with_dates'),
      code: 'exactly_one_of',
      params: { other: 'instalments_with_schedule' },
    });
    return issues;
  }
  const amounts = withDates ? withDates.map((d) => d.amount) : withSchedule!.amounts;
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum !== i.total_amount) issues.push({ field: at('total_amount'), code: 'must_equal_sum', params: { sum } });
  if (scheme) {
    // A new mandate's first possible date: instalments cannot be charged before it.
    const earliest = nextPossibleChargeDate(scheme, { now, mandateActive: false });
    const start = withSchedule?.start_date;
    if (start && start < earliest)
      issues.push({
        field: at('instalments_with_schedule.start_date'),
        code: 'invalid_charge_date',
        params: { date: earliest },
      });
    withDates?.forEach((d, n) => {
      if (d.charge_date && d.charge_date < earliest) {
        issues.push({
          field: at(`instalments_with_dates.${n}.charge_date`),
          code: 'invalid_charge_date',
          params: { date: earliest },
        });
      }
    });
  }
  return issues;
}

/** All the cross-field issues of a new billing request, and whether a request type is out of scheme. */
export function checkBillingRequest(
  draft: BillingRequestDraft,
  now: Date,
): { issues: FieldIssue[]; unsupportedByScheme: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const unsupportedByScheme: FieldIssue[] = [];
  const { mandate_request: m, payment_request: p, subscription_request: s, instalment_schedule_request: i } = draft;
  if (!m && !p)
    issues.push({ field: 'mandate_request', code: 'one_of_required', params: { other: 'payment_request' } });
  if ((s || i) && !m)
    issues.push({
      field: s ? 'subscription_request' : 'instalment_schedule_request',
      code: 'requires_mandate_request',
    });
  if (m) issues.push(...mandateRules(m));
  if (p) issues.push(...paymentRules(p, m));
  const scheme = m ? mandateScheme(m) : null;
  for (const [field, request] of [
    ['subscription_request', s],
    ['instalment_schedule_request', i],
  ] as const) {
    // Spec: subscription and instalment schedule requests are ACH and PAD only.
    if (request && scheme && scheme !== 'ach' && scheme !== 'pad')
      unsupportedByScheme.push({ field, code: 'request_type_not_supported_by_scheme', params: { scheme } });
  }
  if (s) issues.push(...subscriptionRules(s, m?.currency ?? null));
  if (i) issues.push(...instalmentRules(i, scheme, m?.currency ?? null, now));
  return { issues, unsupportedByScheme };
}
