import { defineMachine } from '../shared/state-machine';
import { schemeIdentifiersTable } from './queries';
import { SCHEME_IDENTIFIER_STATUSES, type SchemeIdentifierRow, type SchemeIdentifierStatus } from './types';

/**
 * A scheme identifier is `pending` until the scheme registers it, then `active` (event `activated`,
 * the only one the public API lists for the resource). An activation asked twice changes nothing.
 */
export const SCHEME_IDENTIFIER_MACHINE = defineMachine<SchemeIdentifierStatus, 'activate', SchemeIdentifierRow>({
  table: schemeIdentifiersTable,
  resourceType: 'scheme_identifiers',
  statuses: SCHEME_IDENTIFIER_STATUSES,
  moves: {
    activate: {
      from: ['pending'],
      to: 'active',
      event: 'activated',
      cause: 'scheme_identifier_activated',
      refused: 'status_changed',
      idempotent: true,
    },
  },
  links: (row) => ({ scheme_identifier: row.id, creditor: row.creditor_id }),
  eventContext: (row) => ({ scheme: row.scheme }),
  // The sandbox's scheme registers a new identifier at once; live ones wait for the operator
  // (`cli scheme-identifiers activate`).
  followUps: {
    created: [{ move: 'activate', at: (_row, { now, environment }) => (environment === 'sandbox' ? now : null) }],
  },
});
