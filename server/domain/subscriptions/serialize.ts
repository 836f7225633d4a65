import { calendarFor } from '../schemes/calendars';
import { todayIn } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import { compact, timestamp } from '../shared/serialize';
import { chargeRuleOf, upcomingChargeDates } from './schedule';
import type { SubscriptionRow } from './types';

/** Public API: `upcoming_payments` lists up to 10 charges. */
const UPCOMING_PAYMENTS = 10;

/**
 * A subscription as the API shows it. `upcoming_payments` are the charges from today (in the
 * scheme's time zone, at `now` of the injected clock) while the subscription is active.
 */
export function serializeSubscription(row: SubscriptionRow, now: Date) {
  const today = todayIn(calendarFor(row.scheme as Scheme).timeZone, now);
  const upcoming = row.status === 'active' ? upcomingChargeDates(chargeRuleOf(row), today, UPCOMING_PAYMENTS) : [];
  return compact({
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
    status: row.status,
    metadata: row.metadata ?? {},
    upcoming_payments: upcoming.map((chargeDate) => ({ charge_date: chargeDate, amount: row.amount })),
    links: { mandate: row.mandate_id },
  });
}
