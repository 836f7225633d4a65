import { defineMachine } from '../shared/state-machine';
import { defineTable } from '../shared/table';
import type { AccessTokenRow } from './service';

/** The tables the operator's access code owns. */
export const accessTokensTable = defineTable('access_tokens', [
  'id',
  'organisation_id',
  'name',
  'scope',
  'status',
  'token_hash',
  'token_hint',
  'created_at',
  'disabled_at',
  'revoked_at',
]);

export const organisationsTable = defineTable('organisations', [
  'id',
  'name',
  'created_at',
  'disabled_at',
  'payment_pages_approved',
  'white_label_partner',
  'custom_payment_pages',
]);

/** The live approvals the operator may set, by column: nothing else can be named. */
export const APPROVAL_COLUMNS = ['payment_pages_approved', 'white_label_partner', 'custom_payment_pages'] as const;

export type AccessTokenStatus = AccessTokenRow['status'];

/**
 * An access token's moves (operator CLI). Disable and enable move between active and disabled;
 * revocation is final. Tokens have no public events, so the moves write none.
 */
export const ACCESS_TOKEN_MACHINE = defineMachine<AccessTokenStatus, 'disable' | 'enable' | 'revoke', AccessTokenRow>({
  table: accessTokensTable,
  resourceType: 'organisations',
  statuses: ['active', 'disabled', 'revoked'],
  moves: {
    disable: { from: ['active'], to: 'disabled', event: null, cause: 'token_disabled', refused: 'disable_failed' },
    enable: { from: ['disabled'], to: 'active', event: null, cause: 'token_enabled', refused: 'enable_failed' },
    revoke: {
      from: ['active', 'disabled'],
      to: 'revoked',
      event: null,
      cause: 'token_revoked',
      refused: 'disable_failed',
    },
  },
  links: (token) => ({ organisation: token.organisation_id }),
});
