import { postings, type PostingLine } from '../ledger/postings';
import { defineMachine, type FollowUpTime, type Move } from '../shared/state-machine';
import { outboundPaymentsTable } from './queries';
import { executionAt, rejectedBySandboxBank } from './rules';
import type { OutboundPaymentRow } from './types';

/** The reference's OutboundPaymentStatus, in its order. */
export const OUTBOUND_PAYMENT_STATUSES = [
  'verifying',
  'pending_approval',
  'scheduled',
  'executing',
  'executed',
  'cancelled',
  'failed',
] as const;
export type OutboundPaymentStatus = (typeof OUTBOUND_PAYMENT_STATUSES)[number];

/**
 * `verifying` (the recipient's name is checked with its bank) → `pending_approval` when the
 * creditor requires a second approver, else `scheduled` → `executing` on the execution date →
 * `executed`, or `failed` (the recipient's bank refused it, or the name did not match).
 * Cancellable until it executes. Events are the reference's: `created` (written on insert),
 * `set_to_pending_approval`, `set_to_executing`, `executed`, `failed`, `cancelled`; scheduling
 * and approval have none in the reference.
 */
export const OUTBOUND_PAYMENT_MOVES = {
  require_approval: {
    from: ['verifying'],
    to: 'pending_approval',
    event: 'set_to_pending_approval',
    cause: 'outbound_payment_approval_required',
    refused: 'status_changed',
  },
  schedule: {
    from: ['verifying'],
    to: 'scheduled',
    event: null,
    cause: 'outbound_payment_scheduled',
    refused: 'status_changed',
  },
  approve: {
    from: ['pending_approval'],
    to: 'scheduled',
    event: null,
    cause: 'outbound_payment_approved',
    refused: 'outbound_payment_not_pending_approval',
  },
  execute: {
    from: ['scheduled'],
    to: 'executing',
    event: 'set_to_executing',
    cause: 'outbound_payment_executing',
    refused: 'status_changed',
  },
  complete: {
    from: ['executing'],
    to: 'executed',
    event: 'executed',
    cause: 'outbound_payment_executed',
    refused: 'status_changed',
  },
  fail: {
    from: ['verifying', 'executing'],
    to: 'failed',
    event: 'failed',
    cause: 'outbound_payment_failed',
    refused: 'status_changed',
    unschedules: true,
  },
  cancel: {
    from: ['verifying', 'pending_approval', 'scheduled'],
    to: 'cancelled',
    event: 'cancelled',
    cause: 'outbound_payment_cancelled',
    refused: 'cancellation_failed',
    unschedules: true,
  },
} as const satisfies Record<string, Move<OutboundPaymentStatus>>;

export type OutboundPaymentMove = keyof typeof OUTBOUND_PAYMENT_MOVES;

const rejected = (row: OutboundPaymentRow, { environment }: FollowUpTime) =>
  environment === 'sandbox' && rejectedBySandboxBank(row.recipient_name);

export const OUTBOUND_PAYMENT_MACHINE = defineMachine<OutboundPaymentStatus, OutboundPaymentMove, OutboundPaymentRow>({
  table: outboundPaymentsTable,
  resourceType: 'outbound_payments',
  statuses: OUTBOUND_PAYMENT_STATUSES,
  moves: OUTBOUND_PAYMENT_MOVES,
  links: (row) => ({ outbound_payment: row.id, creditor: row.creditor_id }),
  eventContext: (row) => ({ scheme: row.scheme, resourceMetadata: row.metadata }),
  money: (row, move) => {
    const lines = outboundLedgerLines(move, row.amount);
    return (
      lines && {
        organisationId: row.organisation_id,
        creditorId: row.creditor_id,
        currency: row.currency,
        lines,
        links: { outboundPayment: row.id },
      }
    );
  },
  // Executed on its date; the recipient bank answers at once (the sandbox's refuses a "Reject…" holder).
  followUps: {
    schedule: [{ move: 'execute', at: (row, { now }) => executionAt(row.execution_date, now) }],
    approve: [{ move: 'execute', at: (row, { now }) => executionAt(row.execution_date, now) }],
    execute: [
      { move: 'complete', at: (row, time) => (rejected(row, time) ? null : time.now) },
      { move: 'fail', at: (row, time) => (rejected(row, time) ? time.now : null) },
    ],
  },
});

/**
 * What a move does to the creditor's money. The amount left the balance when the payment was
 * created (`postings.outboundReserved`, posted by the service under the payment account's lock);
 * executing sends it to the recipient, failing or cancelling gives it back.
 */
export function outboundLedgerLines(move: OutboundPaymentMove, amount: number): PostingLine[] | undefined {
  switch (move) {
    case 'complete':
      return postings.outboundExecuted(amount);
    case 'fail':
    case 'cancel':
      return postings.outboundReturned(amount);
    default:
      return undefined;
  }
}
