import { defineMachine, type Move } from '../shared/state-machine';
import { subscriptionsTable } from './queries';
import { chargeCreationAt, chargeDateAt, chargeRuleOf } from './schedule';
import { SUBSCRIPTION_STATUSES, type SubscriptionRow, type SubscriptionStatus } from './types';

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
  // No payments are created while paused; the scheme clock resumes a pause made for pause_cycles.
  pause: {
    from: ['active'],
    to: 'paused',
    event: 'paused',
    cause: 'subscription_paused',
    refused: 'subscription_not_active',
    unschedules: true,
  },
  resume: {
    from: ['paused'],
    to: 'active',
    event: 'resumed',
    cause: 'subscription_resumed',
    refused: 'subscription_not_paused',
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
  followUps: {
    // A pause for `pause_cycles` ends when the first charge after it is due for creation; that
    // charge is created straight after (charges.ts books the charges themselves, `create_payment`).
    pause: [
      {
        move: 'resume',
        at: (sub, { now }) => {
          const pause = sub.pauses.at(-1);
          if (!pause || pause.cycles === null) return null;
          const chargeDate = chargeDateAt(chargeRuleOf(sub), pause.from_charge) ?? now.toISOString().slice(0, 10);
          return chargeCreationAt(chargeDate, now);
        },
      },
    ],
  },
});
