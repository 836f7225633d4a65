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

export const PAYMENT_MOVES = {
  submit: { from: ['pending_submission'], to: 'submitted', action: 'submitted', cause: 'payment_submitted' },
  confirm: { from: ['submitted'], to: 'confirmed', action: 'confirmed', cause: 'payment_confirmed' },
  pay_out: { from: ['confirmed'], to: 'paid_out', action: 'paid_out', cause: 'payment_paid_out' },
  // Spec: cancellable until submitted to the banks.
  cancel: {
    from: ['pending_customer_approval', 'pending_submission'],
    to: 'cancelled',
    action: 'cancelled',
    cause: 'payment_cancelled',
  },
  // The bank's reports. A late failure can come after payout; a chargeback only once paid out.
  fail: { from: ['submitted', 'confirmed', 'paid_out'], to: 'failed', action: 'failed', cause: 'insufficient_funds' },
  charge_back: { from: ['paid_out'], to: 'charged_back', action: 'charged_back', cause: 'authorisation_disputed' },
  // Public API `retry`: a failed payment is collected again on a new charge date.
  retry: { from: ['failed'], to: 'pending_submission', action: 'resubmission_requested', cause: 'payment_retried' },
} as const satisfies Record<
  string,
  { from: readonly PaymentStatus[]; to: PaymentStatus; action: string; cause: string }
>;

export type PaymentMove = keyof typeof PAYMENT_MOVES;
