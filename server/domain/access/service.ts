import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { insertCreditor, listCreditorsOfOrganisation } from '../creditors/queries';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, notFound } from '../shared/errors';
import { applyMove } from '../shared/state-machine';
import {
  countOrganisations,
  findAccessToken,
  findAccessTokenByHash,
  findCredential,
  findOrganisation,
  insertAccessToken,
  insertOrganisation,
  listAccessTokens,
  listOrganisations,
  recordTokenUses,
  setOrganisationApprovals,
  setSandboxPayoutsHeld,
  type Approvals,
} from './queries';
import { ACCESS_TOKEN_MACHINE } from './state';
import { createCredentialCache } from './credential-cache';
import { createTokenUse } from './token-use';
import type { AccessTokenRow, OrganisationRow, TokenScope } from './types';

export type { AccessTokenRow, OrganisationRow, TokenScope } from './types';

export interface CreditorInput {
  name: string;
  countryCode?: string;
  creditorType?: string;
  /** A postal address (Bacs needs one on every mandate page; live Bacs mandates require it). */
  address?: { addressLine1: string; city: string; postalCode: string };
}

/** The sandbox's own creditors get a full address, so their mandate pages show what a live one must. */
export const SANDBOX_CREDITOR_ADDRESS = { addressLine1: '1 Sandbox Street', city: 'London', postalCode: 'EC1A 1BB' };

/** Why authentication failed, as the spec's reasons. */
export type AuthFailure =
  'access_token_not_found' | 'access_token_not_active' | 'access_token_revoked' | 'unauthorized';

export type Authentication =
  { ok: true; token: AccessTokenRow; organisation: OrganisationRow } | { ok: false; reason: AuthFailure };

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Organisations, their creditors and the access tokens that act for them. Used by the CLI, by
 * startup bootstrap, and by the API's authentication step, each of which passes its own unit of
 * work (`tx`) or database first. Tokens are generated here, returned once, and stored only as a hash.
 */
export function createAccessService(ctx: DomainContext) {
  const credentials = createCredentialCache();
  const uses = createTokenUse();
  const newTokenValue = () => `${ctx.environment}_${randomBytes(32).toString('base64url')}`;

  const insertToken = (tx: Queryable, organisationId: string, scope: TokenScope, name: string, value: string) =>
    insertAccessToken(tx, {
      id: ctx.ids('accessToken'),
      organisation_id: organisationId,
      name,
      scope,
      token_hash: hashToken(value),
      token_hint: value.slice(0, 12),
      created_at: ctx.clock.now(),
    });

  async function requireOrganisation(db: Queryable, id: string): Promise<OrganisationRow> {
    const organisation = await findOrganisation(db, id);
    if (!organisation) throw notFound('organisations');
    return organisation;
  }

  async function setTokenStatus(tx: Queryable, id: string, to: 'active' | 'disabled' | 'revoked') {
    const token = await findAccessToken(tx, id);
    if (!token) throw notFound('access_tokens');
    credentials.clear();
    const now = ctx.clock.now();
    const actor: Actor = { organisationId: token.organisation_id, origin: 'gocardless', source: { type: 'gc_team' } };
    if (to === 'active') return applyMove(tx, ctx, ACCESS_TOKEN_MACHINE, token, 'enable', { actor });
    if (to === 'disabled')
      return applyMove(tx, ctx, ACCESS_TOKEN_MACHINE, token, 'disable', { actor, set: { disabled_at: now } });
    return applyMove(tx, ctx, ACCESS_TOKEN_MACHINE, token, 'revoke', { actor, set: { revoked_at: now } });
  }

  const createOrganisation = (tx: Queryable, name: string): Promise<OrganisationRow> =>
    insertOrganisation(tx, { id: ctx.ids('organisation'), name, created_at: ctx.clock.now() });

  async function createCreditor(tx: Queryable, organisationId: string, input: CreditorInput) {
    await requireOrganisation(tx, organisationId);
    const creditor = await insertCreditor(tx, {
      id: ctx.ids('creditor'),
      organisation_id: organisationId,
      name: input.name,
      country_code: input.countryCode ?? 'GB',
      creditor_type: input.creditorType ?? 'company',
      bank_reference_prefix: null,
      address_line1: input.address?.addressLine1 ?? null,
      city: input.address?.city ?? null,
      postal_code: input.address?.postalCode ?? null,
      created_at: ctx.clock.now(),
    });
    const { id, name, country_code, creditor_type } = creditor;
    return { id, name, country_code, creditor_type };
  }

  return {
    createOrganisation,

    /** Live approvals of an organisation (spec: Restrictions in live), set by the operator. */
    async setApprovals(tx: Queryable, id: string, approvals: Approvals): Promise<OrganisationRow> {
      credentials.clear();
      const updated = await setOrganisationApprovals(tx, id, approvals);
      if (!updated) throw notFound('organisations');
      return updated;
    },

    /** The sandbox's own settings of an organisation (`/sandbox/settings`, decision 0073). Sandbox only. */
    async sandboxSettings(db: Queryable, organisationId: string): Promise<{ hold_payouts: boolean }> {
      if (ctx.environment !== 'sandbox')
        throw new DomainError('feature_disabled', { messageKey: 'sandbox.settings_sandbox_only' });
      const organisation = await findOrganisation(db, organisationId);
      if (!organisation) throw notFound('organisations');
      return { hold_payouts: organisation.sandbox_payouts_held };
    },

    async setSandboxSettings(
      tx: Queryable,
      organisationId: string,
      settings: { hold_payouts?: boolean },
    ): Promise<{ hold_payouts: boolean }> {
      if (ctx.environment !== 'sandbox')
        throw new DomainError('feature_disabled', { messageKey: 'sandbox.settings_sandbox_only' });
      await requireOrganisation(tx, organisationId);
      const updated =
        settings.hold_payouts === undefined
          ? await findOrganisation(tx, organisationId)
          : await setSandboxPayoutsHeld(tx, organisationId, settings.hold_payouts);
      credentials.clear();
      return { hold_payouts: updated!.sandbox_payouts_held };
    },

    /** One organisation (its live approvals, shown read-only on the dashboard's settings page). */
    findOrganisation: (db: Queryable, id: string) => findOrganisation(db, id),

    listOrganisations: (db: Queryable) => listOrganisations(db),
    countOrganisations: (db: Queryable) => countOrganisations(db),

    createCreditor,

    async listCreditors(db: Queryable, organisationId: string) {
      const creditors = await listCreditorsOfOrganisation(db, organisationId);
      return creditors.map(({ id, name, country_code, creditor_type }) => ({ id, name, country_code, creditor_type }));
    },

    /** Creates a token and returns its value: the only time the value exists outside the caller. */
    async createToken(tx: Queryable, organisationId: string, scope: TokenScope, name = 'Access token') {
      await requireOrganisation(tx, organisationId);
      const value = newTokenValue();
      const token = await insertToken(tx, organisationId, scope, name, value);
      return { token, value };
    },

    /**
     * Sandbox bootstrap: make sure an organisation, a creditor and a read_write token with exactly
     * `value` exist. Idempotent across restarts (the token is found by its hash).
     */
    async ensureBootstrapToken(tx: Queryable, value: string) {
      const existing = await findAccessTokenByHash(tx, hashToken(value));
      if (existing) return { token: existing, created: false as const };
      const organisation = await createOrganisation(tx, 'Bootstrap organisation');
      const creditor = await createCreditor(tx, organisation.id, {
        name: 'Bootstrap creditor',
        address: SANDBOX_CREDITOR_ADDRESS,
      });
      const token = await insertToken(tx, organisation.id, 'read_write', 'Bootstrap token', value);
      return { token, created: true as const, creditorId: creditor.id };
    },

    listTokens: (db: Queryable, organisationId?: string): Promise<AccessTokenRow[]> =>
      listAccessTokens(db, organisationId),

    disableToken: (tx: Queryable, id: string) => setTokenStatus(tx, id, 'disabled'),
    /** The dashboard: a merchant disables one of their own tokens (another organisation's is not found). */
    async disableOwnToken(tx: Queryable, organisationId: string, id: string) {
      const token = await findAccessToken(tx, id);
      if (!token || token.organisation_id !== organisationId) throw notFound('access_tokens');
      return setTokenStatus(tx, id, 'disabled');
    },
    enableToken: (tx: Queryable, id: string) => setTokenStatus(tx, id, 'active'),
    revokeToken: (tx: Queryable, id: string) => setTokenStatus(tx, id, 'revoked'),

    /** Drops this process's cached credentials, whose organisation rows changed (a test clock set). */
    forgetCredentials: () => credentials.clear(),

    async authenticate(db: Queryable, value: string): Promise<Authentication> {
      const tokenHash = hashToken(value);
      const cached = credentials.get(tokenHash);
      if (cached) {
        uses.saw(cached.token.id, ctx.clock.now());
        return { ok: true, token: cached.token, organisation: cached.organisation };
      }
      const row = await findCredential(db, tokenHash);
      if (!row) return { ok: false, reason: 'access_token_not_found' };
      if (row.token.status === 'revoked') return { ok: false, reason: 'access_token_revoked' };
      if (row.token.status === 'disabled') return { ok: false, reason: 'access_token_not_active' };
      if (row.organisation.disabled_at) return { ok: false, reason: 'unauthorized' };
      credentials.set(tokenHash, row.token, row.organisation);
      uses.saw(row.token.id, ctx.clock.now());
      return { ok: true, token: row.token, organisation: row.organisation };
    },

    /**
     * A token named by its id, checked as `authenticate` checks a sent one (revoked, disabled, its
     * organisation disabled): the dashboard's re-send of a logged request (decision 0094). Read
     * without the credential cache (which is keyed by the value's hash); counted as a use.
     */
    async authenticateById(db: Queryable, tokenId: string): Promise<Authentication> {
      const row = await findCredential(db, tokenId, 'id');
      if (!row) return { ok: false, reason: 'access_token_not_found' };
      if (row.token.status === 'revoked') return { ok: false, reason: 'access_token_revoked' };
      if (row.token.status === 'disabled') return { ok: false, reason: 'access_token_not_active' };
      if (row.organisation.disabled_at) return { ok: false, reason: 'unauthorized' };
      uses.saw(row.token.id, ctx.clock.now());
      return { ok: true, token: row.token, organisation: row.organisation };
    },

    /** The maintenance job: writes the tokens' uses seen since its last run, in one statement. */
    async flushTokenUses(db: Queryable): Promise<void> {
      const taken = uses.take();
      try {
        await recordTokenUses(db, taken);
      } catch (error) {
        uses.restore(taken);
        throw error;
      }
    },

    /** A token's last use: the stored one, or this process's newer one not written yet. */
    lastUsedOf(token: AccessTokenRow): Date | null {
      const pending = uses.pendingOf(token.id);
      const stored = token.last_used_at ? new Date(token.last_used_at) : null;
      return pending && (!stored || pending > stored) ? pending : stored;
    },
  };
}
