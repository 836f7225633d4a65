import { defineMachine } from '../shared/state-machine';
import { payerAuthorisationsTable } from './queries';
import { PAYER_AUTHORISATION_STATUSES, type PayerAuthorisationRow, type PayerAuthorisationStatus } from './types';

/**
 * A payer authorisation (deprecated): edited while `created` (saved even incomplete), frozen by a
 * submit of valid data, confirmed only once submitted, then completed — its customer, bank account
 * and mandate made — or failed when they could not be (a block, a taken reference). The public
 * API has events only for the last two (`payer_authorisations` `completed` / `failed`).
 */
export const PAYER_AUTHORISATION_MACHINE = defineMachine<
  PayerAuthorisationStatus,
  'submit' | 'confirm' | 'complete' | 'fail',
  PayerAuthorisationRow
>({
  table: payerAuthorisationsTable,
  resourceType: 'payer_authorisations',
  statuses: PAYER_AUTHORISATION_STATUSES,
  moves: {
    submit: {
      from: ['created'],
      to: 'submitted',
      event: null,
      cause: 'payer_authorisation_submitted',
      refused: 'payer_authorisation_not_editable',
    },
    confirm: {
      from: ['submitted'],
      to: 'confirmed',
      event: null,
      cause: 'payer_authorisation_confirmed',
      refused: 'payer_authorisation_not_submitted',
    },
    complete: {
      from: ['confirmed'],
      to: 'completed',
      event: 'completed',
      cause: 'payer_authorisation_completed',
      refused: 'status_changed',
    },
    fail: {
      from: ['confirmed'],
      to: 'failed',
      event: 'failed',
      cause: 'payer_authorisation_failed',
      refused: 'status_changed',
    },
  },
  links: (row) => ({ payer_authorisation: row.id }),
  eventContext: (row) => ({ scheme: row.mandate.scheme ?? undefined }),
  // Once confirmed, the scheme clock makes its customer, bank account and mandate straight away.
  followUps: { confirm: [{ move: 'complete', at: (_row, { now }) => now }] },
});
