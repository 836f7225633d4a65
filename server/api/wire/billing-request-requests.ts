import { z } from 'zod';
import { MONTHS } from '../../domain/billing-requests/codes';
import type { BillingRequestRow, MandateRequest } from '../../domain/billing-requests/types';
import { linkWire, metadataWire, present } from './present';

/** What a billing request asks for, as its answer echoes it (public API §2 billing_requests). */
const periodicLimitWire = z.strictObject({
  period: z.enum(['day', 'week', 'month', 'year', 'flexible']),
  max_total_amount: z.number().int().optional(),
  max_payments: z.number().int().optional(),
  alignment: z.enum(['calendar', 'creation_date']).optional(),
});

export const constraintsWire = z.strictObject({
  start_date: z.string().optional(),
  end_date: z.string().optional(),
  max_amount_per_payment: z.number().int().optional(),
  payment_method: z.string().optional(),
  periodic_limits: z.array(periodicLimitWire).optional(),
});

export const mandateRequestWire = z.strictObject({
  currency: z.string(),
  scheme: z.string().optional(),
  description: z.string().optional(),
  reference: z.string().optional(),
  metadata: metadataWire,
  authorisation_source: z.enum(['web', 'telephone', 'paper']).optional(),
  consent_type: z.string().optional(),
  constraints: constraintsWire.optional(),
  funds_settlement: z.enum(['managed', 'direct']),
  sweeping: z.boolean().optional(),
  verify: z.enum(['minimum', 'recommended', 'when_available', 'always']),
  payer_requested_dual_signature: z.boolean().optional(),
  links: z.strictObject({ mandate: linkWire.optional() }),
});

export const paymentRequestWire = z.strictObject({
  amount: z.number().int(),
  currency: z.string(),
  description: z.string().optional(),
  app_fee: z.number().int().optional(),
  funds_settlement: z.enum(['managed', 'direct']),
  metadata: metadataWire,
  reference: z.string().optional(),
  retry_if_possible: z.boolean(),
  scheme: z.string().optional(),
  links: z.strictObject({ payment: linkWire.optional() }),
});

const intervalUnit = z.enum(['weekly', 'monthly', 'yearly']);

export const subscriptionRequestWire = z.strictObject({
  amount: z.number().int(),
  currency: z.string(),
  app_fee: z.number().int().optional(),
  count: z.number().int().optional(),
  day_of_month: z.number().int().optional(),
  interval: z.number().int(),
  interval_unit: intervalUnit,
  month: z.enum(MONTHS).optional(),
  name: z.string().optional(),
  payment_reference: z.string().optional(),
  retry_if_possible: z.boolean(),
  start_date: z.string().optional(),
  metadata: metadataWire,
  links: z.strictObject({ subscription: linkWire.optional() }),
});

export const instalmentScheduleRequestWire = z.strictObject({
  currency: z.string(),
  name: z.string(),
  total_amount: z.number().int(),
  app_fee: z.number().int().optional(),
  payment_reference: z.string().optional(),
  retry_if_possible: z.boolean(),
  instalments_with_dates: z
    .array(
      z.strictObject({
        amount: z.number().int(),
        charge_date: z.string().nullable(),
        description: z.string().optional(),
      }),
    )
    .optional(),
  instalments_with_schedule: z
    .strictObject({
      amounts: z.array(z.number().int()),
      interval: z.number().int(),
      interval_unit: intervalUnit,
      start_date: z.string().optional(),
    })
    .optional(),
  metadata: metadataWire,
  links: z.strictObject({ instalment_schedule: linkWire.optional() }),
});

type ConstraintsWire = z.output<typeof constraintsWire>;
type PeriodicLimitWire = z.output<typeof periodicLimitWire>;

export function constraintsOf(c: NonNullable<MandateRequest['constraints']>): ConstraintsWire {
  return present({
    start_date: c.start_date,
    end_date: c.end_date,
    max_amount_per_payment: c.max_amount_per_payment,
    payment_method: c.payment_method,
    periodic_limits: c.periodic_limits?.map((l) =>
      present<PeriodicLimitWire>({
        period: l.period as PeriodicLimitWire['period'],
        max_total_amount: l.max_total_amount,
        max_payments: l.max_payments,
        alignment: l.alignment as PeriodicLimitWire['alignment'],
      }),
    ),
  });
}

export function mandateRequestOf(r: BillingRequestRow): z.output<typeof mandateRequestWire> | null {
  const m = r.mandate_request;
  if (!m) return null;
  return present<z.output<typeof mandateRequestWire>>({
    currency: m.currency,
    scheme: m.scheme,
    description: m.description,
    reference: m.reference,
    metadata: m.metadata ?? {},
    authorisation_source: m.authorisation_source,
    consent_type: m.consent_type,
    constraints: m.constraints ? constraintsOf(m.constraints) : null,
    funds_settlement: m.funds_settlement,
    sweeping: m.sweeping,
    verify: m.verify,
    payer_requested_dual_signature: m.payer_requested_dual_signature,
    links: present({ mandate: r.mandate_id }),
  });
}

export function paymentRequestOf(r: BillingRequestRow): z.output<typeof paymentRequestWire> | null {
  const p = r.payment_request;
  if (!p) return null;
  return present<z.output<typeof paymentRequestWire>>({
    amount: p.amount,
    currency: p.currency,
    description: p.description,
    app_fee: p.app_fee,
    funds_settlement: p.funds_settlement,
    metadata: p.metadata ?? {},
    reference: p.reference,
    retry_if_possible: p.retry_if_possible,
    scheme: p.scheme,
    links: present({ payment: r.payment_id }),
  });
}

export function subscriptionRequestOf(r: BillingRequestRow): z.output<typeof subscriptionRequestWire> | null {
  const s = r.subscription_request;
  if (!s) return null;
  return present<z.output<typeof subscriptionRequestWire>>({
    amount: s.amount,
    currency: s.currency,
    app_fee: s.app_fee,
    count: s.count,
    day_of_month: s.day_of_month,
    interval: s.interval,
    interval_unit: s.interval_unit,
    month: s.month as (typeof MONTHS)[number] | null | undefined,
    name: s.name,
    payment_reference: s.payment_reference,
    retry_if_possible: s.retry_if_possible,
    start_date: s.start_date,
    metadata: s.metadata ?? {},
    links: present({ subscription: r.subscription_id }),
  });
}

export function instalmentScheduleRequestOf(
  r: BillingRequestRow,
): z.output<typeof instalmentScheduleRequestWire> | null {
  const i = r.instalment_schedule_request;
  if (!i) return null;
  const schedule = i.instalments_with_schedule;
  return present<z.output<typeof instalmentScheduleRequestWire>>({
    currency: i.currency,
    name: i.name,
    total_amount: i.total_amount,
    app_fee: i.app_fee,
    payment_reference: i.payment_reference,
    retry_if_possible: i.retry_if_possible,
    // `charge_date` is always sent, null meaning the earliest possible date.
    instalments_with_dates: i.instalments_with_dates?.map((d) => ({
      amount: d.amount,
      charge_date: d.charge_date ?? null,
      ...present<{ description?: string }>({ description: d.description }),
    })),
    instalments_with_schedule: schedule
      ? present<NonNullable<z.output<typeof instalmentScheduleRequestWire>['instalments_with_schedule']>>({
          amounts: schedule.amounts,
          interval: schedule.interval,
          interval_unit: schedule.interval_unit,
          start_date: schedule.start_date,
        })
      : null,
    metadata: i.metadata ?? {},
    links: present({ instalment_schedule: r.instalment_schedule_id }),
  });
}
