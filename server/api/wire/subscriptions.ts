import { z } from 'zod';
import { MONTHS } from '../../domain/billing-requests/codes';
import { calendarFor } from '../../domain/schemes/calendars';
import { todayIn } from '../../domain/schemes/charge-dates';
import type { Scheme } from '../../domain/schemes/types';
import { chargeRuleOf, earliestChargeDateAfterResume, upcomingChargeDates } from '../../domain/subscriptions/schedule';
import { INTERVAL_UNITS, SUBSCRIPTION_STATUSES, type SubscriptionRow } from '../../domain/subscriptions/types';
import { linkWire, metadataWire, timestamp } from './present';

/** Public API: `upcoming_payments` lists up to 10 charges. */
const UPCOMING_PAYMENTS = 10;

/** A subscription on the wire (public API `subscriptions`): every attribute, `null` when unset. */
export const subscriptionWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  amount: z.number().int(),
  app_fee: z.number().int().nullable(),
  count: z.number().int().nullable(),
  currency: z.string(),
  day_of_month: z.number().int().nullable(),
  interval: z.number().int(),
  interval_unit: z.enum(INTERVAL_UNITS),
  month: z.enum(MONTHS).nullable(),
  name: z.string().nullable(),
  payment_reference: z.string().nullable(),
  retry_if_possible: z.boolean(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  earliest_charge_date_after_resume: z.string().nullable(),
  parent_plan_paused: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  metadata: metadataWire,
  upcoming_payments: z.array(z.strictObject({ charge_date: z.string(), amount: z.number().int() })),
  links: z.strictObject({ mandate: linkWire }),
});

/**
 * A subscription as the API shows it. `upcoming_payments` are the charges from today (in the
 * scheme's time zone, at `now` of the injected clock) while the subscription is active or paused
 * for a number of cycles (public API: a pause until resumed empties them).
 */
export function serializeSubscription(row: SubscriptionRow, now: Date): z.output<typeof subscriptionWire> {
  const today = todayIn(calendarFor(row.scheme as Scheme).timeZone, now);
  const pausedForCycles = row.status === 'paused' && (row.pauses.at(-1)?.cycles ?? null) !== null;
  const upcoming =
    row.status === 'active' || pausedForCycles ? upcomingChargeDates(chargeRuleOf(row), today, UPCOMING_PAYMENTS) : [];
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    amount: row.amount,
    app_fee: row.app_fee,
    count: row.count,
    currency: row.currency,
    day_of_month: row.day_of_month,
    interval: row.interval,
    interval_unit: row.interval_unit,
    month: row.month,
    name: row.name,
    payment_reference: row.payment_reference,
    retry_if_possible: row.retry_if_possible,
    start_date: row.start_date,
    end_date: row.end_date,
    earliest_charge_date_after_resume: earliestChargeDateAfterResume(row, now),
    // Subscriptions here are never part of a plan.
    parent_plan_paused: false,
    status: row.status,
    metadata: row.metadata ?? {},
    upcoming_payments: upcoming.map((chargeDate) => ({ charge_date: chargeDate, amount: row.amount })),
    links: { mandate: row.mandate_id },
  };
}
