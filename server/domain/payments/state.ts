import { defineMachine, type Move } from '../shared/state-machine';
import { paymentsTable } from './queries';
import type { PaymentRow } from './types';

/** Payment states and moves as data (see mandates/state.ts for how moves are applied). */
export const PAYMENT_STATUSES = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'confirmed',
  'paid_out',
  'cancelled',
  'customer_approval_denied',
  'failed',
  'charged_back',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The moves, applied by the one runner (`applyMove`). The merchant's own moves have the spec's
 * refusals (`cancellation_failed`, `retry_failed`); the bank's moves (submit, confirm, pay out,
 * fail, charge back) are refused only if the payment changed under them: `status_changed`.
 */
export const PAYMENT_MOVES = {
  submit: {
    from: ['pending_submission'],
    to: 'submitted',
    event: 'submitted',
    cause: 'payment_submitted',
    refused: 'status_changed',
  },
  confirm: {
    from: ['submitted'],
    to: 'confirmed',
    event: 'confirmed',
    cause: 'payment_confirmed',
    refused: 'status_changed',
  },
  pay_out: {
    from: ['confirmed'],
    to: 'paid_out',
    event: 'paid_out',
    cause: 'payment_paid_out',
    refused: 'status_changed',
  },
  // Spec: cancellable until submitted to the banks.
  cancel: {
    from: ['pending_customer_approval', 'pending_submission'],
    to: 'cancelled',
    event: 'cancelled',
    cause: 'payment_cancelled',
    refused: 'cancellation_failed',
    unschedules: true,
  },
  // The bank's reports. A late failure can come after payout; a chargeback only once paid out.
  fail: {
    from: ['submitted', 'confirmed', 'paid_out'],
    to: 'failed',
    event: 'failed',
    cause: 'insufficient_funds',
    refused: 'status_changed',
  },
  charge_back: {
    from: ['paid_out'],
    to: 'charged_back',
    event: 'charged_back',
    cause: 'authorisation_disputed',
    refused: 'status_changed',
  },
  // Public API `retry`: a failed payment is collected again on a new charge date.
  retry: {
    from: ['failed'],
    to: 'pending_submission',
    event: 'resubmission_requested',
    cause: 'payment_retried',
    refused: 'retry_failed',
  },
} as const satisfies Record<string, Move<PaymentStatus>>;

export const PAYMENT_MACHINE = defineMachine<PaymentStatus, keyof typeof PAYMENT_MOVES, PaymentRow>({
  table: paymentsTable,
  resourceType: 'payments',
  statuses: PAYMENT_STATUSES,
  moves: PAYMENT_MOVES,
  // Only the payment: a filter by mandate or subscription returns that resource's own events.
  links: (payment) => ({ payment: payment.id }),
  eventContext: (payment) => ({ scheme: payment.scheme, resourceMetadata: payment.metadata }),
});

export type PaymentMove = keyof typeof PAYMENT_MOVES;
