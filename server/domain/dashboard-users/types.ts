/** Rows of the dashboard's tables (dashboard_users, dashboard_links). */
export type DashboardRole = 'admin' | 'viewer';
export const DASHBOARD_ROLES: readonly DashboardRole[] = ['admin', 'viewer'];
export type LinkPurpose = 'sign_in' | 'reset' | 'invite';
export const DASHBOARD_USER_STATUSES = ['invited', 'active', 'disabled'] as const;
export type DashboardUserStatus = (typeof DASHBOARD_USER_STATUSES)[number];

export interface DashboardUserRow {
  id: string;
  organisation_id: string;
  email: string;
  role: DashboardRole;
  status: DashboardUserStatus;
  password_hash: string | null;
  session_generation: number;
  failed_sign_ins: number;
  locked_until: Date | null;
  totp_secret: string | null;
  last_signed_in_at: Date | null;
  created_at: Date;
}

export interface DashboardLinkRow {
  id: string;
  user_id: string;
  purpose: LinkPurpose;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

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
