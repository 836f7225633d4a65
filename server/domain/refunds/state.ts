import { postings, type PostingLine } from '../ledger/postings';
import { afterWorkingDays, calendarSchemeOf, mandateSubmissionAt } from '../schemes/timing';
import { defineMachine, type Move } from '../shared/state-machine';
import { refundsTable } from './queries';
import type { RefundRow } from './types';

/** Refund states (reference §3) and moves as data, applied by the one runner (`applyMove`). */
export const REFUND_STATUSES = [
  'created',
  'pending_submission',
  'submitted',
  'paid',
  'cancelled',
  'bounced',
  'funds_returned',
] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * `created → pending_submission → submitted → paid`, then `refund_settled` once it is in a
 * payout; the payer's bank may bounce it (before or after paid) or return the funds of a paid
 * one. Every move but the merchant's own creation is the bank's: refused with `status_changed`.
 * Event actions are the reference's: `created` (written on insert), `paid`, `failed`,
 * `refund_settled`, `funds_returned`; the moves to pending submission and submitted have none.
 */
export const REFUND_MOVES = {
  queue: {
    from: ['created'],
    to: 'pending_submission',
    event: null,
    cause: 'payment_refunded',
    refused: 'status_changed',
  },
  submit: {
    from: ['pending_submission'],
    to: 'submitted',
    event: null,
    cause: 'refund_submitted',
    refused: 'status_changed',
  },
  pay: { from: ['submitted'], to: 'paid', event: 'paid', cause: 'refund_paid', refused: 'status_changed' },
  settle: { from: ['paid'], to: 'paid', event: 'refund_settled', cause: 'refund_settled', refused: 'status_changed' },
  bounce: {
    from: ['pending_submission', 'submitted', 'paid'],
    to: 'bounced',
    event: 'failed',
    cause: 'refund_bounced',
    refused: 'status_changed',
    unschedules: true,
  },
  return_funds: {
    from: ['paid'],
    to: 'funds_returned',
    event: 'funds_returned',
    cause: 'refund_funds_returned',
    refused: 'status_changed',
    unschedules: true,
  },
  cancel: {
    from: ['created', 'pending_submission'],
    to: 'cancelled',
    event: 'failed',
    cause: 'refund_cancelled',
    refused: 'cancellation_failed',
    unschedules: true,
  },
} as const satisfies Record<string, Move<RefundStatus>>;

export type RefundMove = keyof typeof REFUND_MOVES;

/** Moves that give the refunded amount back to the payment (it may be refunded again). */
export const GIVES_BACK: readonly RefundMove[] = ['bounce', 'return_funds', 'cancel'];

export const REFUND_MACHINE = defineMachine<RefundStatus, RefundMove, RefundRow>({
  table: refundsTable,
  resourceType: 'refunds',
  statuses: REFUND_STATUSES,
  moves: REFUND_MOVES,
  // The refund and its payment: a filter by payment finds what happened to its money.
  links: (refund) => ({ refund: refund.id, payment: refund.payment_id }),
  eventContext: (refund) => ({ resourceMetadata: refund.metadata }),
  money: (refund, move, from) => {
    const lines = refundLedgerLines(move, from, refund.amount);
    return (
      lines && {
        organisationId: refund.organisation_id,
        creditorId: refund.creditor_id,
        currency: refund.currency,
        lines,
        links: {
          refund: refund.id,
          payment: refund.payment_id,
          ...(refund.mandate_id ? { mandate: refund.mandate_id } : {}),
        },
      }
    );
  },
  // Timed on the calendar of the payment's scheme, which the caller reads beside the refund.
  followUps: {
    queue: [
      {
        move: 'submit',
        at: (refund, { now, environment }) => mandateSubmissionAt(calendarOf(refund), now, environment),
      },
    ],
    submit: [
      { move: 'pay', at: (refund, { now, environment }) => afterWorkingDays(calendarOf(refund), now, 1, environment) },
    ],
  },
});

function calendarOf(refund: RefundRow & { paymentScheme?: string }) {
  if (!refund.paymentScheme) throw new Error("a refund is timed by its payment's scheme");
  return calendarSchemeOf(refund.paymentScheme);
}

/**
 * What a refund's move does to the creditor's money (ledger/postings.ts). The refund leaves the
 * confirmed funds as soon as it is queued (an unclaimed debit: the balance check at creation
 * counts it), is in flight until the payer's bank pays it, and comes back to the confirmed funds
 * if the bank bounces it or returns it: from flight, or from the payer once it was paid.
 */
export function refundLedgerLines(move: RefundMove, from: RefundStatus, amount: number): PostingLine[] | undefined {
  switch (move) {
    case 'queue':
      return postings.refundSubmitted(amount);
    case 'pay':
      return postings.refundPaid(amount);
    case 'bounce':
    case 'return_funds':
      return from === 'paid' ? postings.refundFundsReturned(amount) : postings.refundBounced(amount);
    case 'cancel':
      return from === 'pending_submission' ? postings.refundBounced(amount) : undefined;
    default:
      return undefined;
  }
}
