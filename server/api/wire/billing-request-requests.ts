import { z } from 'zod';
import { MONTHS } from '../../domain/billing-requests/codes';
import type { BillingRequestRow, MandateRequest } from '../../domain/billing-requests/types';
import { linkWire, metadataWire, present } from './present';

/**
 * What a billing request asks for, as its answer echoes it (public API §2 billing_requests): each
 * object with every field, `null` when not asked for (decision 0083); only `links` are sparse.
 * `mandate_request.reference` is an extension (the mandate's own reference, when the merchant
 * chose one).
 */
const periodicLimitWire = z.strictObject({
  period: z.enum(['day', 'week', 'month', 'year', 'flexible']),
  max_total_amount: z.number().int().nullable(),
  max_payments: z.number().int().nullable(),
  alignment: z.enum(['calendar', 'creation_date']).nullable(),
});

export const constraintsWire = z.strictObject({
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  max_amount_per_payment: z.number().int().nullable(),
  payment_method: z.string().nullable(),
  periodic_limits: z.array(periodicLimitWire).nullable(),
});

export const mandateRequestWire = z.strictObject({
  currency: z.string(),
  scheme: z.string().nullable(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  metadata: metadataWire,
  authorisation_source: z.enum(['web', 'telephone', 'paper']).nullable(),
  consent_type: z.string().nullable(),
  constraints: constraintsWire.nullable(),
  funds_settlement: z.enum(['managed', 'direct']),
  sweeping: z.boolean(),
  verify: z.enum(['minimum', 'recommended', 'when_available', 'always']),
  payer_requested_dual_signature: z.boolean(),
  links: z.strictObject({ mandate: linkWire.optional() }),
});

export const paymentRequestWire = z.strictObject({
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().nullable(),
  app_fee: z.number().int().nullable(),
  funds_settlement: z.enum(['managed', 'direct']),
  metadata: metadataWire,
  reference: z.string().nullable(),
  scheme: z.string().nullable(),
  links: z.strictObject({ payment: linkWire.optional() }),
});

const intervalUnit = z.enum(['weekly', 'monthly', 'yearly']);

export const subscriptionRequestWire = z.strictObject({
  amount: z.number().int(),
  currency: z.string(),
  app_fee: z.number().int().nullable(),
  count: z.number().int().nullable(),
  day_of_month: z.number().int().nullable(),
  interval: z.number().int(),
  interval_unit: intervalUnit,
  month: z.enum(MONTHS).nullable(),
  name: z.string().nullable(),
  payment_reference: z.string().nullable(),
  retry_if_possible: z.boolean(),
  start_date: z.string().nullable(),
  metadata: metadataWire,
  links: z.strictObject({ subscription: linkWire.optional() }),
});

export const instalmentScheduleRequestWire = z.strictObject({
  currency: z.string(),
  name: z.string(),
  total_amount: z.number().int(),
  app_fee: z.number().int().nullable(),
  payment_reference: z.string().nullable(),
  retry_if_possible: z.boolean(),
  // The real API's instalments carry amount and date only; a description asked for goes on the
  // instalment's payment (`payments.description`).
  instalments_with_dates: z
    .array(
      z.strictObject({
        amount: z.number().int(),
        charge_date: z.string().nullable(),
      }),
    )
    .nullable(),
  instalments_with_schedule: z
    .strictObject({
      amounts: z.array(z.number().int()),
      interval: z.number().int(),
      interval_unit: intervalUnit,
      start_date: z.string().nullable(),
    })
    .nullable(),
  metadata: metadataWire,
  links: z.strictObject({ instalment_schedule: linkWire.optional() }),
});

type ConstraintsWire = z.output<typeof constraintsWire>;
type PeriodicLimitWire = z.output<typeof periodicLimitWire>;

export function constraintsOf(c: NonNullable<MandateRequest['constraints']>): ConstraintsWire {
  return {
    start_date: c.start_date ?? null,
    end_date: c.end_date ?? null,
    max_amount_per_payment: c.max_amount_per_payment ?? null,
    payment_method: c.payment_method ?? null,
    periodic_limits:
      c.periodic_limits?.map((l) => ({
        period: l.period as PeriodicLimitWire['period'],
        max_total_amount: l.max_total_amount ?? null,
        max_payments: l.max_payments ?? null,
        alignment: (l.alignment ?? null) as PeriodicLimitWire['alignment'],
      })) ?? null,
  };
}

export function mandateRequestOf(r: BillingRequestRow): z.output<typeof mandateRequestWire> | null {
  const m = r.mandate_request;
  if (!m) return null;
  return {
    currency: m.currency,
    scheme: m.scheme ?? null,
    description: m.description ?? null,
    reference: m.reference ?? null,
    metadata: m.metadata ?? {},
    authorisation_source: m.authorisation_source ?? null,
    consent_type: m.consent_type ?? null,
    constraints: m.constraints ? constraintsOf(m.constraints) : null,
    funds_settlement: m.funds_settlement,
    sweeping: m.sweeping ?? false,
    verify: m.verify,
    payer_requested_dual_signature: m.payer_requested_dual_signature ?? false,
    links: present({ mandate: r.mandate_id }),
  };
}

export function paymentRequestOf(r: BillingRequestRow): z.output<typeof paymentRequestWire> | null {
  const p = r.payment_request;
  if (!p) return null;
  return {
    amount: p.amount,
    currency: p.currency,
    description: p.description ?? null,
    app_fee: p.app_fee ?? null,
    funds_settlement: p.funds_settlement,
    metadata: p.metadata ?? {},
    reference: p.reference ?? null,
    scheme: p.scheme ?? null,
    links: present({ payment: r.payment_id }),
  };
}

export function subscriptionRequestOf(r: BillingRequestRow): z.output<typeof subscriptionRequestWire> | null {
  const s = r.subscription_request;
  if (!s) return null;
  return {
    amount: s.amount,
    currency: s.currency,
    app_fee: s.app_fee ?? null,
    count: s.count ?? null,
    day_of_month: s.day_of_month ?? null,
    interval: s.interval,
    interval_unit: s.interval_unit,
    month: (s.month ?? null) as (typeof MONTHS)[number] | null,
    name: s.name ?? null,
    payment_reference: s.payment_reference ?? null,
    retry_if_possible: s.retry_if_possible,
    start_date: s.start_date ?? null,
    metadata: s.metadata ?? {},
    links: present({ subscription: r.subscription_id }),
  };
}

export function instalmentScheduleRequestOf(
  r: BillingRequestRow,
): z.output<typeof instalmentScheduleRequestWire> | null {
  const i = r.instalment_schedule_request;
  if (!i) return null;
  const schedule = i.instalments_with_schedule;
  return {
    currency: i.currency,
    name: i.name,
    total_amount: i.total_amount,
    app_fee: i.app_fee ?? null,
    payment_reference: i.payment_reference ?? null,
    retry_if_possible: i.retry_if_possible,
    // `charge_date` is always sent, null meaning the earliest possible date.
    instalments_with_dates:
      i.instalments_with_dates?.map((d) => ({ amount: d.amount, charge_date: d.charge_date ?? null })) ?? null,
    instalments_with_schedule: schedule
      ? {
          amounts: schedule.amounts,
          interval: schedule.interval,
          interval_unit: schedule.interval_unit,
          start_date: schedule.start_date ?? null,
        }
      : null,
    metadata: i.metadata ?? {},
    links: present({ instalment_schedule: r.instalment_schedule_id }),
  };
}
