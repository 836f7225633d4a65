import { defineMachine, type Move } from '../shared/state-machine';
import { defineTable } from '../shared/table';
import type { BankAuthorisationRow } from './types';

/** The `bank_authorisations` table as its owner declares it (its SQL still lives in service.ts; #12). */
export const bankAuthorisationsTable = defineTable('bank_authorisations', [
  'id',
  'organisation_id',
  'billing_request_id',
  'flow_id',
  'institution_id',
  'authorisation_type',
  'redirect_uri',
  'status',
  'created_at',
  'expires_at',
  'last_visited_at',
  'authorised_at',
  'completed_at',
]);

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
});

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
});

/** The move for each answer the bank can give. */
export const OUTCOME_MOVES = { authorised: 'authorise', denied: 'deny', failed: 'fail' } as const;
