import { defineMachine, type Move } from '../shared/state-machine';
import { bankAuthorisationsTable } from './queries';
import type { BankAuthorisationRow } from './types';

export type BankAuthorisationStatus = BankAuthorisationRow['status'];
export const BANK_AUTHORISATION_STATUSES: readonly BankAuthorisationStatus[] = [
  'pending',
  'authorised',
  'denied',
  'failed',
  'expired',
];

/** The bank answers once: every outcome leaves `pending`, and a second answer is refused. */
const outcome = (to: BankAuthorisationStatus): Move<BankAuthorisationStatus> => ({
  from: ['pending'],
  to,
  // Its events are the billing request's (`bank_authorisation_authorised`…), written by the service.
  event: null,
  cause: `bank_authorisation_${to}`,
  refused: 'bank_authorisation_not_pending',
  // Answered or expired, it no longer needs the scheme clock's expiry.
  unschedules: true,
});

/**
 * Booked under the billing request's resource type: an authorisation's events are its request's.
 */
export const BANK_AUTHORISATION_MACHINE = defineMachine<
  BankAuthorisationStatus,
  'authorise' | 'deny' | 'fail' | 'expire',
  BankAuthorisationRow
>({
  table: bankAuthorisationsTable,
  resourceType: 'billing_requests',
  statuses: BANK_AUTHORISATION_STATUSES,
  moves: {
    authorise: outcome('authorised'),
    deny: outcome('denied'),
    fail: outcome('failed'),
    expire: outcome('expired'),
  },
  links: (row) => ({ bank_authorisation: row.id }),
  // Left unanswered, it expires when its lifetime ends, with its event, whoever looks or not.
  followUps: { created: [{ move: 'expire', at: (row) => row.expires_at }] },
});

/** The move for each answer the bank can give. */
export const OUTCOME_MOVES = { authorised: 'authorise', denied: 'deny', failed: 'fail' } as const;
