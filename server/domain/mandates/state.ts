import { afterWorkingDays, mandateSubmissionAt, workingDaysAfter } from '../schemes/timing';
import type { Scheme } from '../schemes/types';
import { defineMachine, type FollowUpTime, type Move } from '../shared/state-machine';
import { mandatesTable } from './queries';
import type { MandateRow } from './types';

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

/**
 * The moves, as data, applied by the one runner (`applyMove`). Refusals: the spec's
 * `cancellation_failed` for cancel/replace and `mandate_not_inactive` for reinstate; the bank's
 * own moves (submit, activate, fail, expire…) are refused only if the mandate changed under them,
 * which `status_changed` says.
 */
const CANCELLABLE: readonly MandateStatus[] = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'active',
  'suspended_by_payer',
];

export const MANDATE_MOVES = {
  submit: {
    from: ['pending_submission'],
    to: 'submitted',
    event: 'submitted',
    cause: 'mandate_submitted',
    refused: 'status_changed',
  },
  activate: {
    from: ['submitted', 'pending_submission'],
    to: 'active',
    event: 'active',
    cause: 'mandate_activated',
    refused: 'status_changed',
  },
  cancel: {
    from: CANCELLABLE,
    to: 'cancelled',
    event: 'cancelled',
    cause: 'mandate_cancelled',
    refused: 'cancellation_failed',
    unschedules: true,
  },
  fail: {
    from: ['pending_submission', 'submitted'],
    to: 'failed',
    event: 'failed',
    cause: 'invalid_bank_details',
    refused: 'status_changed',
    unschedules: true,
  },
  expire: {
    from: ['pending_submission', 'active'],
    to: 'expired',
    event: 'expired',
    cause: 'mandate_expired',
    refused: 'status_changed',
    unschedules: true,
  },
  // Reinstatement: requested (back to pending_submission), resubmitted, then reinstated (active).
  reinstate: {
    from: ['cancelled', 'expired'],
    to: 'pending_submission',
    event: 'resubmission_requested',
    cause: 'mandate_reinstated',
    refused: 'mandate_not_inactive',
  },
  resubmit: {
    from: ['pending_submission'],
    to: 'submitted',
    event: 'submitted',
    cause: 'mandate_submitted',
    refused: 'status_changed',
  },
  reinstated: {
    from: ['submitted'],
    to: 'active',
    event: 'reinstated',
    cause: 'mandate_reinstated',
    refused: 'status_changed',
  },
  // PayTo: the payer paused the agreement in their banking app.
  suspend_by_payer: {
    from: ['active'],
    to: 'suspended_by_payer',
    event: 'suspended_by_payer',
    cause: 'mandate_suspended_by_payer',
    refused: 'mandate_is_inactive',
    unschedules: true,
  },
  // Replaced by a new mandate (e.g. the customer moved to a new bank account with this creditor).
  replace: {
    from: CANCELLABLE,
    to: 'cancelled',
    event: 'replaced',
    cause: 'mandate_replaced',
    refused: 'cancellation_failed',
    unschedules: true,
  },
} as const satisfies Record<string, Move<MandateStatus>>;

export const MANDATE_MACHINE = defineMachine<MandateStatus, keyof typeof MANDATE_MOVES, MandateRow>({
  table: mandatesTable,
  resourceType: 'mandates',
  statuses: MANDATE_STATUSES,
  moves: MANDATE_MOVES,
  // The resource itself (filters by id return its own events), plus what a move adds.
  links: (mandate) => ({ mandate: mandate.id }),
  eventContext: (mandate) => ({ scheme: mandate.scheme, resourceMetadata: mandate.metadata }),
  followUps: {
    // Lodged with the payer's bank where the scheme activates mandates separately (an imported or
    // instant mandate is active already; the others are submitted with their first payment).
    created: [
      {
        move: 'submit',
        at: (m, { now, environment }) =>
          m.status === 'pending_submission' && ACTIVATION[schemeOf(m)] === 'separately'
            ? mandateSubmissionAt(schemeOf(m), now, environment)
            : null,
      },
    ],
    submit: [{ move: 'activate', at: activationAt }],
    reinstate: [
      { move: 'resubmit', at: (m, { now, environment }) => mandateSubmissionAt(schemeOf(m), now, environment) },
    ],
    // Spec: reinstated (or failed) up to two working days after resubmission.
    resubmit: [
      { move: 'reinstated', at: (m, { now, environment }) => afterWorkingDays(schemeOf(m), now, 2, environment) },
    ],
  },
});

const schemeOf = (mandate: MandateRow) => mandate.scheme as Scheme;

/**
 * When a lodged mandate is active, by the bank the caller read beside the row (`bank`). The file
 * bank activates only what its scheme never confirms: a Bacs mandate no AUDDIS return came for, at
 * the end of the AUDDIS window on the scheme's real days (decision 0081).
 */
function activationAt(mandate: MandateRow & { bank?: 'simulated' | 'file' }, { now, environment }: FollowUpTime) {
  const scheme = schemeOf(mandate);
  if (ACTIVATION[scheme] !== 'separately') return null;
  if (mandate.bank === undefined) throw new Error('a lodged mandate is activated by its bank: read which');
  if (mandate.bank === 'file')
    return scheme === 'bacs' ? workingDaysAfter(scheme, now, ACTIVATION_WORKING_DAYS.bacs ?? 0) : null;
  return afterWorkingDays(scheme, now, ACTIVATION_WORKING_DAYS[scheme] ?? 0, environment);
}

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
