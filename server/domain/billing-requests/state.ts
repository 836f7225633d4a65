import { defineMachine } from '../shared/state-machine';
import { billingRequestsTable } from './queries';
import { BILLING_REQUEST_STATUSES, type BillingRequestRow, type BillingRequestStatus } from './types';

/** Open: the payer or the merchant may still act on it. */
export const OPEN_STATUSES: readonly BillingRequestStatus[] = ['pending', 'ready_to_fulfil'];

/**
 * A billing request's moves, applied by the one runner. `ready`/`unready` follow its actions as they
 * complete or are undone and write no event (the public API has none); fulfilment is claimed
 * (`ready_to_fulfil → fulfilling`) before anything is created, so two fulfils cannot both run.
 */
export const BILLING_REQUEST_MACHINE = defineMachine<
  BillingRequestStatus,
  'ready' | 'unready' | 'claim' | 'fulfil' | 'cancel',
  BillingRequestRow
>({
  table: billingRequestsTable,
  resourceType: 'billing_requests',
  statuses: BILLING_REQUEST_STATUSES,
  moves: {
    ready: {
      from: ['pending'],
      to: 'ready_to_fulfil',
      event: null,
      cause: 'actions_completed',
      refused: 'billing_request_not_pending',
    },
    unready: {
      from: ['ready_to_fulfil'],
      to: 'pending',
      event: null,
      cause: 'actions_reopened',
      refused: 'billing_request_not_pending',
    },
    claim: {
      from: ['ready_to_fulfil'],
      to: 'fulfilling',
      event: null,
      cause: 'billing_request_fulfilling',
      refused: 'billing_request_must_be_ready_to_fulfil',
    },
    fulfil: {
      from: ['fulfilling'],
      to: 'fulfilled',
      event: 'fulfilled',
      cause: 'billing_request_fulfilled',
      refused: 'billing_request_already_fulfilled',
    },
    cancel: {
      from: OPEN_STATUSES,
      to: 'cancelled',
      event: 'cancelled',
      cause: 'billing_request_cancelled',
      refused: 'cancellation_failed',
    },
  },
  // The customer may not be known yet; the event then names only the request, as before.
  links: (request) => ({ billing_request: request.id, customer: request.customer_id as string }),
  eventContext: (request) => ({ resourceMetadata: request.metadata }),
});
