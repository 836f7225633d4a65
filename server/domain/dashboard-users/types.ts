/** Rows of the dashboard's tables (dashboard_users, dashboard_links). */
export type DashboardRole = 'admin' | 'viewer';
export type LinkPurpose = 'sign_in' | 'reset';

export interface DashboardUserRow {
  id: string;
  organisation_id: string;
  email: string;
  role: DashboardRole;
  password_hash: string | null;
  session_generation: number;
  failed_sign_ins: number;
  locked_until: Date | null;
  totp_secret: string | null;
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
