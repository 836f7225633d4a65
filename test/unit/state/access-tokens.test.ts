import { describe } from 'vitest';
import { ACCESS_TOKEN_MACHINE } from '../../../server/domain/access/state';
import { walkMachine } from './walk';

/** Operator moves of an access token: disable and enable between active and disabled; revocation is final. */
describe('access token moves', () => {
  walkMachine(ACCESS_TOKEN_MACHINE, {
    disable: { from: ['active'], to: 'disabled', refused: 'disable_failed' },
    enable: { from: ['disabled'], to: 'active', refused: 'enable_failed' },
    revoke: { from: ['active', 'disabled'], to: 'revoked', refused: 'disable_failed' },
  });
});
