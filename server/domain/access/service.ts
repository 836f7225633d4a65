import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '../shared/actor';
import { applyMove } from '../shared/state-machine';
import { assertColumns, findById } from '../shared/table';
import { ACCESS_TOKEN_MACHINE, accessTokensTable, APPROVAL_COLUMNS, organisationsTable } from './state';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';

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
}

export interface CreditorInput {
  name: string;
  countryCode?: string;
  creditorType?: string;
}

/** Why authentication failed, as the spec's reasons. */
export type AuthFailure =
  'access_token_not_found' | 'access_token_not_active' | 'access_token_revoked' | 'unauthorized';

export type Authentication =
  { ok: true; token: AccessTokenRow; organisation: OrganisationRow } | { ok: false; reason: AuthFailure };

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Organisations, their creditors and the access tokens that act for them. Used by the CLI, by
 * startup bootstrap, and by the API's authentication step. Tokens are generated here, returned
 * once, and stored only as a hash.
 */
export function createAccessService(ctx: DomainContext) {
  const newTokenValue = () => `${ctx.environment}_${randomBytes(32).toString('base64url')}`;

  async function insertToken(organisationId: string, scope: TokenScope, name: string, value: string) {
    const { rows } = await ctx.db.query<AccessTokenRow>(
      `INSERT INTO access_tokens (id, organisation_id, name, scope, token_hash, token_hint, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [ctx.ids('accessToken'), organisationId, name, scope, hashToken(value), value.slice(0, 12), ctx.clock.now()],
    );
    return rows[0]!;
  }

  async function requireOrganisation(id: string): Promise<OrganisationRow> {
    const { rows } = await ctx.db.query<OrganisationRow>('SELECT * FROM organisations WHERE id = $1', [id]);
    if (!rows[0]) throw new DomainError('resource_not_found', { params: { resource: 'organisations' } });
    return rows[0];
  }

  async function setTokenStatus(id: string, to: 'active' | 'disabled' | 'revoked'): Promise<AccessTokenRow> {
    const token = await findById<AccessTokenRow>(ctx.db, accessTokensTable, id);
    if (!token) throw new DomainError('resource_not_found', { params: { resource: 'access_tokens' } });
    const now = ctx.clock.now();
    const actor: Actor = { organisationId: token.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
    if (to === 'active') return applyMove(ctx.db, ctx, ACCESS_TOKEN_MACHINE, token, 'enable', { actor });
    if (to === 'disabled')
      return applyMove(ctx.db, ctx, ACCESS_TOKEN_MACHINE, token, 'disable', { actor, set: { disabled_at: now } });
    return applyMove(ctx.db, ctx, ACCESS_TOKEN_MACHINE, token, 'revoke', { actor, set: { revoked_at: now } });
  }

  return {
    async createOrganisation(name: string): Promise<OrganisationRow> {
      const { rows } = await ctx.db.query<OrganisationRow>(
        'INSERT INTO organisations (id, name, created_at) VALUES ($1, $2, $3) RETURNING *',
        [ctx.ids('organisation'), name, ctx.clock.now()],
      );
      return rows[0]!;
    },

    /** Live approvals of an organisation (spec: Restrictions in live), set by the operator. */
    async setApprovals(
      id: string,
      approvals: Partial<
        Pick<OrganisationRow, 'payment_pages_approved' | 'white_label_partner' | 'custom_payment_pages'>
      >,
    ) {
      await requireOrganisation(id);
      // Column names come from the owner's list, never from the caller's keys.
      const entries = APPROVAL_COLUMNS.filter((column) => approvals[column] !== undefined).map(
        (column) => [column, approvals[column]] as const,
      );
      assertColumns(
        organisationsTable,
        entries.map(([column]) => column),
      );
      if (!entries.length) return requireOrganisation(id);
      const { rows } = await ctx.db.query<OrganisationRow>(
        `UPDATE organisations SET ${entries.map(([k], i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1 RETURNING *`,
        [id, ...entries.map(([, v]) => v)],
      );
      return rows[0]!;
    },

    async listOrganisations(): Promise<OrganisationRow[]> {
      return (await ctx.db.query<OrganisationRow>('SELECT * FROM organisations ORDER BY id')).rows;
    },

    async countOrganisations(): Promise<number> {
      const { rows } = await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organisations');
      return rows[0]?.n ?? 0;
    },

    async createCreditor(organisationId: string, input: CreditorInput) {
      await requireOrganisation(organisationId);
      const now = ctx.clock.now();
      const { rows } = await ctx.db.query<{ id: string; name: string }>(
        `INSERT INTO creditors (id, organisation_id, name, country_code, creditor_type, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id, name, country_code, creditor_type`,
        [
          ctx.ids('creditor'),
          organisationId,
          input.name,
          input.countryCode ?? 'GB',
          input.creditorType ?? 'company',
          now,
        ],
      );
      return rows[0]!;
    },

    async listCreditors(organisationId: string) {
      return (
        await ctx.db.query<{ id: string; name: string; country_code: string }>(
          'SELECT id, name, country_code, creditor_type FROM creditors WHERE organisation_id = $1 ORDER BY id',
          [organisationId],
        )
      ).rows;
    },

    /** Creates a token and returns its value: the only time the value exists outside the caller. */
    async createToken(organisationId: string, scope: TokenScope, name = 'Access token') {
      await requireOrganisation(organisationId);
      const value = newTokenValue();
      const token = await insertToken(organisationId, scope, name, value);
      return { token, value };
    },

    /**
     * Sandbox bootstrap: make sure an organisation, a creditor and a read_write token with exactly
     * `value` exist. Idempotent across restarts (the token is found by its hash).
     */
    async ensureBootstrapToken(value: string) {
      const existing = await ctx.db.query<AccessTokenRow>('SELECT * FROM access_tokens WHERE token_hash = $1', [
        hashToken(value),
      ]);
      if (existing.rows[0]) return { token: existing.rows[0], created: false };
      const organisation = await this.createOrganisation('Bootstrap organisation');
      await this.createCreditor(organisation.id, { name: 'Bootstrap creditor' });
      const token = await insertToken(organisation.id, 'read_write', 'Bootstrap token', value);
      return { token, created: true };
    },

    async listTokens(organisationId?: string): Promise<AccessTokenRow[]> {
      const { rows } = organisationId
        ? await ctx.db.query<AccessTokenRow>('SELECT * FROM access_tokens WHERE organisation_id = $1 ORDER BY id', [
            organisationId,
          ])
        : await ctx.db.query<AccessTokenRow>('SELECT * FROM access_tokens ORDER BY id');
      return rows;
    },

    disableToken: (id: string) => setTokenStatus(id, 'disabled'),
    enableToken: (id: string) => setTokenStatus(id, 'active'),
    revokeToken: (id: string) => setTokenStatus(id, 'revoked'),

    /** One indexed lookup by hash, joined with the organisation, per API request. */
    async authenticate(value: string): Promise<Authentication> {
      const { rows } = await ctx.db.query<{ token: AccessTokenRow; organisation: OrganisationRow }>(
        `SELECT to_jsonb(t.*) - 'token_hash' AS token, to_jsonb(o.*) AS organisation
         FROM access_tokens t JOIN organisations o ON o.id = t.organisation_id
         WHERE t.token_hash = $1`,
        [hashToken(value)],
      );
      const row = rows[0];
      if (!row) return { ok: false, reason: 'access_token_not_found' };
      if (row.token.status === 'revoked') return { ok: false, reason: 'access_token_revoked' };
      if (row.token.status === 'disabled') return { ok: false, reason: 'access_token_not_active' };
      if (row.organisation.disabled_at) return { ok: false, reason: 'unauthorized' };
      return { ok: true, token: row.token, organisation: row.organisation };
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
