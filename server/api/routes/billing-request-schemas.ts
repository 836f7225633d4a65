import { z } from 'zod';
import { MONTHS, PAYMENT_CONTEXT_CODES, PURPOSE_CODES } from '../../domain/billing-requests/codes';
import { BILLING_REQUEST_STATUSES } from '../../domain/billing-requests/types';
import { CUSTOMER_LANGUAGES } from '../../domain/customers/types';
import { CURRENCY_OF_SCHEME } from '../../domain/schemes/types';
import { cursorQuery, timeRangeQuery } from '../pagination';
import { amount, currency, isoDate, metadata, optionalNonBlank, optionalString, scheme, wireInteger } from '../schemas';
import { bankDetailsFields } from './customer-bank-accounts';

const wholeNumber = wireInteger(0);

export const constraints = z.strictObject({
  start_date: isoDate.nullish(),
  end_date: isoDate.nullish(),
  max_amount_per_payment: wireInteger(1).nullish(),
  payment_method: optionalString(255),
  periodic_limits: z
    .array(
      z.strictObject({
        period: z.enum(['day', 'week', 'month', 'year', 'flexible']),
        max_total_amount: wireInteger(1).nullish(),
        max_payments: wireInteger(1).nullish(),
        alignment: z.enum(['calendar', 'creation_date']).nullish(),
      }),
    )
    .max(10)
    .nullish(),
});

/** A mandate request needs a currency, or a scheme it can be read from. */
const mandateRequest = z
  .strictObject({
    currency: currency.nullish(),
    scheme: scheme.nullish(),
    description: optionalString(255),
    reference: optionalString(35),
    metadata,
    authorisation_source: z.enum(['web', 'telephone', 'paper']).nullish(),
    consent_type: z.enum(['one_off', 'single', 'recurring', 'standing', 'sporadic']).nullish(),
    constraints: constraints.nullish(),
    funds_settlement: z.enum(['managed', 'direct']).nullish(),
    sweeping: z.boolean().nullish(),
    verify: z.enum(['minimum', 'recommended', 'when_available', 'always']).nullish(),
  })
  .superRefine((m, ctx) => {
    if (!m.currency && !m.scheme) ctx.addIssue({ code: 'custom', path: ['currency'], message: 'required' });
  })
  .transform((m) => ({
    ...m,
    currency: m.currency ?? CURRENCY_OF_SCHEME[m.scheme!],
    metadata: m.metadata ?? {},
    funds_settlement: m.funds_settlement ?? ('managed' as const),
    // Spec: `recommended` by default.
    verify: m.verify ?? ('recommended' as const),
  }));

const paymentRequest = z
  .strictObject({
    amount,
    currency,
    app_fee: wholeNumber.nullish(),
    description: optionalString(255),
    funds_settlement: z.enum(['managed', 'direct']).nullish(),
    metadata,
    reference: optionalString(140),
    retry_if_possible: z.boolean().nullish(),
    scheme: z.enum(['faster_payments', 'sepa_credit_transfer', 'sepa_instant_credit_transfer']).nullish(),
  })
  .transform((p) => ({
    ...p,
    metadata: p.metadata ?? {},
    funds_settlement: p.funds_settlement ?? ('managed' as const),
    retry_if_possible: p.retry_if_possible ?? false,
  }));

const subscriptionRequest = z
  .strictObject({
    amount,
    currency,
    app_fee: wholeNumber.nullish(),
    count: wireInteger(1).nullish(),
    day_of_month: wireInteger(-1, 28)
      .refine((d) => d !== 0, 'invalid')
      .nullish(),
    interval: wireInteger(1).nullish(),
    interval_unit: z.enum(['weekly', 'monthly', 'yearly']),
    metadata,
    month: z.enum(MONTHS).nullish(),
    name: optionalString(255),
    payment_reference: optionalString(140),
    retry_if_possible: z.boolean().nullish(),
    start_date: isoDate.nullish(),
  })
  .transform((s) => ({
    ...s,
    interval: s.interval ?? 1,
    metadata: s.metadata ?? {},
    retry_if_possible: s.retry_if_possible ?? false,
  }));

const instalmentScheduleRequest = z
  .strictObject({
    currency,
    name: z.string().min(1).max(100),
    total_amount: amount,
    app_fee: wholeNumber.nullish(),
    payment_reference: optionalString(140),
    retry_if_possible: z.boolean().nullish(),
    metadata,
    instalments_with_dates: z
      .array(z.strictObject({ amount, charge_date: isoDate.nullable(), description: optionalString(255) }))
      .min(1)
      .max(100)
      .nullish(),
    instalments_with_schedule: z
      .strictObject({
        amounts: z.array(amount).min(1).max(100),
        interval: wireInteger(1),
        interval_unit: z.enum(['weekly', 'monthly', 'yearly']),
        start_date: isoDate.nullish(),
      })
      .nullish(),
  })
  .transform((i) => ({ ...i, metadata: i.metadata ?? {}, retry_if_possible: i.retry_if_possible ?? false }));

export const createBillingRequestBody = z.strictObject({
  mandate_request: mandateRequest.nullish(),
  payment_request: paymentRequest.nullish(),
  subscription_request: subscriptionRequest.nullish(),
  instalment_schedule_request: instalmentScheduleRequest.nullish(),
  metadata,
  fallback_enabled: z.boolean().nullish(),
  purpose_code: z.enum(PURPOSE_CODES).nullish(),
  payment_context_code: z.enum(PAYMENT_CONTEXT_CODES).nullish(),
  payment_purpose_code: optionalString(100),
  links: z
    .strictObject({
      creditor: z.string().nullish(),
      customer: z.string().nullish(),
      customer_bank_account: z.string().nullish(),
    })
    .nullish(),
});

const customerDetails = z.strictObject({
  company_name: optionalString(),
  email: optionalNonBlank(254),
  family_name: optionalNonBlank(),
  given_name: optionalNonBlank(),
  language: z.enum(CUSTOMER_LANGUAGES).nullish(),
  metadata,
  phone_number: optionalString(30),
});

const billingDetail = z.strictObject({
  address_line1: optionalString(),
  address_line2: optionalString(),
  address_line3: optionalString(),
  city: optionalString(),
  country_code: optionalString(2),
  danish_identity_number: optionalString(20),
  ip_address: optionalString(45),
  postal_code: optionalString(20),
  region: optionalString(),
  swedish_identity_number: optionalString(20),
});

export const collectCustomerDetailsBody = z.strictObject({
  customer: customerDetails.nullish(),
  customer_billing_detail: billingDetail.nullish(),
});

export const collectBankAccountBody = z.strictObject({ ...bankDetailsFields, pay_id: optionalString(256) });

export const billingRequestListQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  customer: z.string().optional(),
  status: z.enum(BILLING_REQUEST_STATUSES).optional(),
});
