import type { Scheme } from '../schemes/types';

/**
 * Mandate states and the moves between them, as data. A move names the states it may start from,
 * the state it ends in, and the event it writes; `transition()` in the service applies it with a
 * conditional UPDATE so two concurrent moves cannot both win.
 */
export const MANDATE_STATUSES = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'active',
  'failed',
  'cancelled',
  'expired',
  'consumed',
  'blocked',
  'suspended_by_payer',
] as const;
export type MandateStatus = (typeof MANDATE_STATUSES)[number];

interface Move {
  from: readonly MandateStatus[];
  to: MandateStatus;
  /** The event action written (public API's mandate actions). */
  action: string;
  cause: string;
}

export const MANDATE_MOVES = {
  submit: { from: ['pending_submission'], to: 'submitted', action: 'submitted', cause: 'mandate_submitted' },
  activate: { from: ['submitted', 'pending_submission'], to: 'active', action: 'active', cause: 'mandate_activated' },
  cancel: {
    from: ['pending_customer_approval', 'pending_submission', 'submitted', 'active', 'suspended_by_payer'],
    to: 'cancelled',
    action: 'cancelled',
    cause: 'mandate_cancelled',
  },
  fail: { from: ['pending_submission', 'submitted'], to: 'failed', action: 'failed', cause: 'invalid_bank_details' },
  expire: { from: ['pending_submission', 'active'], to: 'expired', action: 'expired', cause: 'mandate_expired' },
  // Reinstatement: requested (back to pending_submission), resubmitted, then reinstated (active).
  reinstate: {
    from: ['cancelled', 'expired'],
    to: 'pending_submission',
    action: 'resubmission_requested',
    cause: 'mandate_reinstated',
  },
  resubmit: { from: ['pending_submission'], to: 'submitted', action: 'submitted', cause: 'mandate_submitted' },
  reinstated: { from: ['submitted'], to: 'active', action: 'reinstated', cause: 'mandate_reinstated' },
  // PayTo: the payer paused the agreement in their banking app.
  suspend_by_payer: {
    from: ['active'],
    to: 'suspended_by_payer',
    action: 'suspended_by_payer',
    cause: 'mandate_suspended_by_payer',
  },
  // Replaced by a new mandate (e.g. the customer moved to a new bank account with this creditor).
  replace: {
    from: ['pending_customer_approval', 'pending_submission', 'submitted', 'active', 'suspended_by_payer'],
    to: 'cancelled',
    action: 'replaced',
    cause: 'mandate_replaced',
  },
} as const satisfies Record<string, Move>;

export type MandateMove = keyof typeof MANDATE_MOVES;

/** Mandates that can still collect, or soon will: payments may be created on them. */
export const COLLECTABLE: readonly MandateStatus[] = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'active',
];

/** The spec: a mandate may be reinstated at most 10 times. */
export const MAX_REINSTATEMENTS = 10;

/**
 * How a scheme's mandate becomes active (schemes.md "Mandate activation"):
 *  - `separately`: submitted to the payer's bank and activated before payments (bacs, autogiro, betalingsservice, pad);
 *  - `first_payment`: activated with its first payment (ach, becs, becs_nz, sepa_core);
 *  - `authorisation`: active as soon as the payer authorises at their bank (faster_payments VRP, pay_to).
 */
export const ACTIVATION: Record<Scheme, 'separately' | 'first_payment' | 'authorisation'> = {
  bacs: 'separately',
  autogiro: 'separately',
  betalingsservice: 'separately',
  pad: 'separately',
  ach: 'first_payment',
  becs: 'first_payment',
  becs_nz: 'first_payment',
  sepa_core: 'first_payment',
  faster_payments: 'authorisation',
  pay_to: 'authorisation',
};

/**
 * Working days from submission to activation in live, for schemes activated separately: bacs
 * (lodged, then payments 4 rather than 2 days out — 2 days of difference), autogiro (up to 6
 * interbank days), betalingsservice (at least 1 working day), pad (1, our assumption).
 */
export const ACTIVATION_WORKING_DAYS: Partial<Record<Scheme, number>> = {
  bacs: 2,
  autogiro: 6,
  betalingsservice: 1,
  pad: 1,
};
