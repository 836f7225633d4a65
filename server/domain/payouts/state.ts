import { postings } from '../ledger/postings';
import { defineMachine, type Move } from '../shared/state-machine';
import { payoutsTable } from './queries';
import type { PayoutRow } from './types';

export const PAYOUT_STATUSES = ['pending', 'paid', 'bounced'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * A payout is made `pending` (its funds on their way), then `paid` on its arrival date; the
 * creditor's bank may send it back (`bounced`), before or after it was paid. A bounce has no
 * payout event in the public API: the creditor hears of it (`bounced_payout`, written beside).
 */
export const PAYOUT_MOVES = {
  pay: { from: ['pending'], to: 'paid', event: 'paid', cause: 'payout_paid', refused: 'status_changed' },
  bounce: { from: ['pending', 'paid'], to: 'bounced', event: null, cause: 'payout_bounced', refused: 'status_changed' },
} as const satisfies Record<string, Move<PayoutStatus>>;
export type PayoutMove = keyof typeof PAYOUT_MOVES;

export const PAYOUT_MACHINE = defineMachine<PayoutStatus, PayoutMove, PayoutRow>({
  table: payoutsTable,
  resourceType: 'payouts',
  statuses: PAYOUT_STATUSES,
  moves: PAYOUT_MOVES,
  links: (payout) => ({ payout: payout.id, creditor: payout.creditor_id }),
  eventContext: (payout) => ({ resourceMetadata: payout.metadata }),
  money: (payout, move, from) => {
    const lines =
      move === 'pay'
        ? postings.payoutPaid(payout.amount)
        : from === 'paid'
          ? postings.payoutReturned(payout.amount)
          : postings.payoutBounced(payout.amount);
    return {
      organisationId: payout.organisation_id,
      creditorId: payout.creditor_id,
      currency: payout.currency,
      lines,
      links: { payout: payout.id },
    };
  },
});
