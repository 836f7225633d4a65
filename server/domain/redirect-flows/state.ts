import { defineMachine } from '../shared/state-machine';
import { redirectFlowsTable } from './queries';
import { REDIRECT_FLOW_STATUSES, type RedirectFlowRow, type RedirectFlowStatus } from './types';

/**
 * A redirect flow: created, then the payer finishes the hosted pages (`payer_completed`: their
 * details are kept on the internal billing request, nothing is set up yet), then the merchant's
 * `complete` sets up customer, bank account and mandate (`completed`). The public API has no
 * events of its own for redirect flows: the moves record none, and the internal billing request's
 * events (created, collect_customer_details, …, fulfilled) and the mandate's `created` tell the story.
 */
export const REDIRECT_FLOW_MACHINE = defineMachine<RedirectFlowStatus, 'payer_complete' | 'complete', RedirectFlowRow>({
  table: redirectFlowsTable,
  // Never written (no move has an event); the type asks for one.
  resourceType: 'billing_requests',
  statuses: REDIRECT_FLOW_STATUSES,
  moves: {
    payer_complete: {
      from: ['created'],
      to: 'payer_completed',
      event: null,
      cause: 'redirect_flow_payer_completed',
      refused: 'redirect_flow_already_completed',
      idempotent: true,
    },
    complete: {
      from: ['payer_completed'],
      to: 'completed',
      event: null,
      cause: 'redirect_flow_completed',
      refused: 'redirect_flow_incomplete',
    },
  },
  links: (row) => ({ billing_request: row.billing_request_id }),
});
