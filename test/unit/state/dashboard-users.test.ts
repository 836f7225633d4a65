import { describe } from 'vitest';
import { DASHBOARD_USER_MACHINE } from '../../../server/domain/dashboard-users/state';
import { walkMachine } from './walk';

/** A dashboard user's moves: invited until their first password, then disabled and enabled by an admin (decision 0051). */
describe('dashboard user moves', () => {
  walkMachine(DASHBOARD_USER_MACHINE, {
    activate: { from: ['invited'], to: 'active', refused: 'status_changed' },
    disable: { from: ['active'], to: 'disabled', refused: 'disable_failed' },
    enable: { from: ['disabled'], to: 'active', refused: 'enable_failed' },
  });
});
