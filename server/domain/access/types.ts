/** Rows of the tables the operator's access code owns (organisations, access tokens). */
export type TokenScope = 'read_only' | 'read_write';
export type TokenStatus = 'active' | 'disabled' | 'revoked';

export interface OrganisationRow {
  id: string;
  name: string;
  created_at: Date;
  disabled_at: Date | null;
  payment_pages_approved: boolean;
  white_label_partner: boolean;
  custom_payment_pages: boolean;
}

export interface AccessTokenRow {
  id: string;
  organisation_id: string;
  name: string;
  scope: TokenScope;
  status: TokenStatus;
  token_hint: string;
  created_at: Date;
  disabled_at: Date | null;
  revoked_at: Date | null;
  /** Written a minute at a time by the maintenance job (`token-use.ts`), never by the request. */
  last_used_at: Date | null;
}
