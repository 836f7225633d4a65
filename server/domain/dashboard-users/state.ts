import { defineMachine } from '../shared/state-machine';
import { dashboardUsersTable } from './queries';
import { DASHBOARD_USER_STATUSES, type DashboardUserRow, type DashboardUserStatus } from './types';

/**
 * A dashboard user's moves (decision 0051). Invited until they choose a password through their
 * one-time link (an admin's invitation, or the CLI's welcome link for a first admin); an admin
 * disables an active user and may enable them again. A revoked invitation is not a move: the
 * invited user is forgotten (queries.ts, `deleteInvitedUser`). Dashboard users have no public
 * events (like access tokens), so the moves write none.
 */
export const DASHBOARD_USER_MACHINE = defineMachine<
  DashboardUserStatus,
  'activate' | 'disable' | 'enable',
  DashboardUserRow
>({
  table: dashboardUsersTable,
  // Users belong to the organisation and have no event type of their own (no event is written).
  resourceType: 'organisations',
  statuses: DASHBOARD_USER_STATUSES,
  moves: {
    activate: { from: ['invited'], to: 'active', event: null, cause: 'user_activated', refused: 'status_changed' },
    disable: { from: ['active'], to: 'disabled', event: null, cause: 'user_disabled', refused: 'disable_failed' },
    enable: { from: ['disabled'], to: 'active', event: null, cause: 'user_enabled', refused: 'enable_failed' },
  },
  links: (user) => ({ organisation: user.organisation_id }),
});

export type DashboardUserMove = keyof typeof DASHBOARD_USER_MACHINE.moves;
