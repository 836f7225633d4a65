import { calendarFor } from '../schemes/calendars';
import { DEFAULT_FEE_SCHEDULE, feesFor, type FeeSchedule } from '../fees/rules';
import { postings, type PostingLine } from '../ledger/postings';
import type { Posting } from '../ledger/service';
import {
  afterWorkingDays,
  calendarSchemeOf,
  paymentConfirmationAt,
  paymentSubmissionAt,
  startOfDay,
  workingDaysAfter,
} from '../schemes/timing';
import type { Scheme } from '../schemes/types';
import { defineMachine, type FollowUpTime, type Move } from '../shared/state-machine';
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
  // The sandbox's settlement of a chargeback or a late failure (simulators `payment_chargeback_settled`,
  // `payment_late_failure_settled`): an event only. The money left the confirmed funds when the
  // payment was charged back or failed, and so leaves the next payout as its debit item.
  settle_chargeback: {
    from: ['charged_back'],
    to: 'charged_back',
    event: 'chargeback_settled',
    cause: 'chargeback_settled',
    refused: 'status_changed',
  },
  settle_late_failure: {
    from: ['failed'],
    to: 'failed',
    event: 'late_failure_settled',
    cause: 'late_failure_settled',
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
  money: (payment, move, from) => {
    const lines = paymentLedgerLines(move, from, payment.amount);
    // The confirmation also takes the service's fee and the app fee from the confirmed funds.
    if (lines && move === 'confirm') lines.push(...feeLines(payment));
    return lines && ledgerPosting(payment, lines);
  },
  followUps: {
    created: [{ move: 'submit', at: submissionAt }],
    retry: [{ move: 'submit', at: submissionAt }],
    submit: [{ move: 'confirm', at: confirmationAt }],
    confirm: [
      {
        move: 'pay_out',
        at: (p, { now, environment }) => afterWorkingDays(calendarSchemeOf(p.scheme), now, 1, environment),
      },
    ],
  },
});

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Working days after a Bacs collection's charge date by which its ARUDD has come: Bacs sends no
 * positive confirmation, so with the file bank a payment no return came for is confirmed then
 * (decision 0081), on the scheme's real days in the sandbox too; a later ARUDD is a late failure.
 */
const BACS_ARUDD_WORKING_DAYS = 3;

/**
 * When a submitted payment is confirmed, by the bank the caller read beside the row (`bank`): the
 * simulated bank on the scheme's timing; the file bank only by its report, except Bacs.
 */
function confirmationAt(payment: PaymentRow & { bank?: 'simulated' | 'file' }, { now, environment }: FollowUpTime) {
  if (payment.bank === undefined) throw new Error('a submitted payment is confirmed by its bank: read which');
  const chargeDate = payment.charge_date ?? isoDay(now);
  if (payment.bank === 'file')
    return payment.scheme === 'bacs'
      ? workingDaysAfter('bacs', startOfDay(calendarFor('bacs').timeZone, chargeDate), BACS_ARUDD_WORKING_DAYS)
      : null;
  return paymentConfirmationAt(calendarSchemeOf(payment.scheme), chargeDate, now, environment);
}

/**
 * When a payment is submitted: on the day its charge date needs, which depends on whether its
 * mandate is active (the caller reads it beside the row); an instant payment, now.
 */
function submissionAt(payment: PaymentRow & { mandateActive?: boolean }, { now, environment }: FollowUpTime): Date {
  if (!payment.mandate_id) return now;
  if (payment.mandateActive === undefined) throw new Error('a payment is timed by whether its mandate is active');
  const chargeDate = payment.charge_date ?? isoDay(now);
  return paymentSubmissionAt(payment.scheme as Scheme, chargeDate, payment.mandateActive, now, environment);
}

/**
 * What a payment's move does to the creditor's money (ledger/postings.ts): collected funds are
 * `submitted` until the bank confirms them, then `confirmed` (the creditor's balance, until a
 * payout takes them); a failure takes back what the move's starting status had counted. Paying
 * out is the payout's posting, not the payment's.
 */
export function paymentLedgerLines(move: PaymentMove, from: PaymentStatus, amount: number): PostingLine[] | undefined {
  switch (move) {
    case 'submit':
      return postings.paymentSubmitted(amount);
    case 'confirm':
      return postings.paymentConfirmed(amount);
    case 'fail':
      return from === 'submitted' ? postings.paymentFailedSubmitted(amount) : postings.paymentFailedLate(amount);
    case 'charge_back':
      return postings.paymentChargedBack(amount);
    default:
      return undefined;
  }
}

/** Fee lines of a confirmation, priced by the schedule the caller read beside the row (`feeSchedule`). */
function feeLines(payment: PaymentRow & { feeSchedule?: FeeSchedule }): PostingLine[] {
  const { fee, appFee } = feesFor(payment.feeSchedule ?? DEFAULT_FEE_SCHEDULE, payment.amount, payment.app_fee);
  return [...(fee > 0 ? postings.fee(fee) : []), ...(appFee > 0 ? postings.appFee(appFee) : [])];
}

const ledgerPosting = (payment: PaymentRow, lines: PostingLine[]): Posting => ({
  organisationId: payment.organisation_id,
  creditorId: payment.creditor_id,
  currency: payment.currency,
  lines,
  links: { payment: payment.id, ...(payment.mandate_id ? { mandate: payment.mandate_id } : {}) },
});

export type PaymentMove = keyof typeof PAYMENT_MOVES;
