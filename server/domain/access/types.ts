import type { RowOf } from '../shared/table';
import type { organisationsTable } from './queries';
/** Rows of the tables the operator's access code owns (organisations, access tokens). */
export type TokenScope = 'read_only' | 'read_write';
export type TokenStatus = 'active' | 'disabled' | 'revoked';

/** A row of `organisations` as stored: its table's declaration. */
export type OrganisationRow = RowOf<typeof organisationsTable>;

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
