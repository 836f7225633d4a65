import type { RowOf } from '../shared/table';
import type { dashboardLinksTable } from './queries';
import type { dashboardUsersTable } from './queries';
/** Rows of the dashboard's tables (dashboard_users, dashboard_links). */
export type DashboardRole = 'admin' | 'viewer';
export const DASHBOARD_ROLES: readonly DashboardRole[] = ['admin', 'viewer'];
export type LinkPurpose = 'sign_in' | 'reset' | 'invite';
export const DASHBOARD_USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type DashboardUserStatus = (typeof DASHBOARD_USER_STATUSES)[number];

/** A row of `dashboard_users` as stored: its table's declaration. */
export type DashboardUserRow = RowOf<typeof dashboardUsersTable>;

/** A row of `dashboard_links` as stored: its table's declaration. */
export type DashboardLinkRow = RowOf<typeof dashboardLinksTable>;

/** A person on the Team page: never the password hash, TOTP secret or lock state, only whether TOTP is on. */
export interface TeamMember {
  id: string;
  email: string;
  role: DashboardRole;
  status: DashboardUserStatus;
  totp: boolean;
  last_signed_in_at: Date | null;
  created_at: Date;
  /** For an invited user: when their latest unused link stops working (past when it has). */
  link_expires_at: Date | null;
}
