import { defineMachine } from '../shared/state-machine';
import { accessTokensTable } from './queries';
import type { AccessTokenRow } from './types';

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
