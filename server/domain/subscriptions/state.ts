import { defineMachine, type Move } from '../shared/state-machine';
import { defineTable } from '../shared/table';
import { SUBSCRIPTION_STATUSES, type SubscriptionRow, type SubscriptionStatus } from './types';

/** The `subscriptions` table as its owner declares it (its SQL still lives in service.ts; #12). */
export const subscriptionsTable = defineTable('subscriptions', [
  'id',
  'organisation_id',
  'mandate_id',
  'amount',
  'app_fee',
  'count',
  'currency',
  'day_of_month',
  'interval',
  'interval_unit',
  'month',
  'name',
  'payment_reference',
  'retry_if_possible',
  'start_date',
  'end_date',
  'status',
  'metadata',
  'created_at',
  'updated_at',
]);

/**
 * A subscription's moves, applied by the one runner. A cancel racing the scheme clock's `finish`
 * cannot both win; the loser is refused (`cancellation_failed` for the merchant's cancel, the
 * clock's `finish` `status_changed`) instead of silently answering nothing as it used to.
 */
export const SUBSCRIPTION_MOVES = {
  cancel: {
    from: ['pending_customer_approval', 'active', 'paused'],
    to: 'cancelled',
    event: 'cancelled',
    cause: 'subscription_cancelled',
    refused: 'cancellation_failed',
    unschedules: true,
  },
  // Every payment the subscription will ever have has been created (count or end_date reached).
  finish: {
    from: ['active'],
    to: 'finished',
    event: 'finished',
    cause: 'subscription_finished',
    refused: 'status_changed',
  },
} as const satisfies Record<string, Move<SubscriptionStatus>>;

export type SubscriptionMove = keyof typeof SUBSCRIPTION_MOVES;

export const SUBSCRIPTION_MACHINE = defineMachine<SubscriptionStatus, SubscriptionMove, SubscriptionRow>({
  table: subscriptionsTable,
  resourceType: 'subscriptions',
  statuses: SUBSCRIPTION_STATUSES,
  moves: SUBSCRIPTION_MOVES,
  links: (sub) => ({ subscription: sub.id, mandate: sub.mandate_id }),
  eventContext: (sub) => ({ scheme: sub.scheme, resourceMetadata: sub.metadata }),
});
