import { createHash, randomBytes } from 'node:crypto';
import { authenticator as defaultAuthenticator } from 'otplib';

/**
 * A code from the 30-s step before the current one is still taken (RFC 6238 §5.2's allowance for
 * delay): a code typed at the end of its step and sent in the next must not be refused.
 */
const authenticator = defaultAuthenticator.clone({ window: [1, 0] });
import type { Queryable } from '../../db/db';
import { isUniqueViolation } from '../../db/sql';
import type { Actor } from '../shared/actor';
import { findOrganisation } from '../access/queries';
import type { DomainContext } from '../shared/context';
import { DomainError, notFound } from '../shared/errors';
import { applyMove } from '../shared/state-machine';
import { hashPassword, verifyPassword } from './passwords';
import {
  findFirstAdmin,
  findLiveLink,
  findUser,
  findUserByEmail,
  insertLink,
  insertUser,
  listUsersOfOrganisation,
  raiseSessionGeneration,
  recordFailedSignIn,
  recordSignIn,
  setPasswordHash,
  setTotpSecret,
  spendLink,
  EMAIL_INDEX,
} from './queries';
import { DASHBOARD_USER_MACHINE } from './state';
import type { DashboardRole, DashboardUserRow, LinkPurpose } from './types';
import { isEmailAddress } from '../shared/email';

export type { DashboardRole, DashboardUserRow, LinkPurpose, TeamMember } from './types';

/** Failures allowed before the account locks; each failure after that doubles the wait. */
export const FREE_ATTEMPTS = 5;
const MAX_LOCK_MINUTES = 60;
/** How long a one-time link works: a first admin's a day, a reset an hour, an invitation a week (decision 0051). */
export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  sign_in: 24 * 3600_000,
  reset: 3600_000,
  invite: 7 * 24 * 3600_000,
};

export type SignInResult =
  | { outcome: 'signed_in'; user: DashboardUserRow }
  | { outcome: 'second_factor'; user: DashboardUserRow }
  | { outcome: 'refused' }
  | { outcome: 'locked'; until: Date };

const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** The user acting on their own account (their first password): the runner's actor, named in no event. */
const selfActor = (user: DashboardUserRow): Actor => ({
  organisationId: user.organisation_id,
  origin: 'api',
  source: { type: 'user', name: user.email },
});

/**
 * The dashboard's people: who they are, how they prove it (password, optional TOTP, one-time
 * links) and how their sessions end. Sign-in failures are counted and lock the account for a
 * doubling time; a new password or "sign out everywhere" raises the session generation every
 * sealed session carries, so older sessions stop working at once.
 */
export function createDashboardUserService(ctx: DomainContext) {
  const now = () => ctx.clock.now();

  function lockAfter(failures: number): Date | null {
    if (failures < FREE_ATTEMPTS) return null;
    const minutes = Math.min(MAX_LOCK_MINUTES, 2 ** (failures - FREE_ATTEMPTS));
    return new Date(now().getTime() + minutes * 60_000);
  }

  async function countFailure(tx: Queryable, user: DashboardUserRow) {
    await recordFailedSignIn(tx, user.id, lockAfter(user.failed_sign_ins + 1));
  }

  const isLocked = (user: DashboardUserRow) => user.locked_until !== null && user.locked_until > now();

  async function issueLink(tx: Queryable, userId: string, purpose: LinkPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await insertLink(tx, {
      id: ctx.ids('dashboardLink'),
      user_id: userId,
      purpose,
      token_hash: hashLinkToken(token),
      expires_at: new Date(now().getTime() + LINK_LIFETIME_MS[purpose]),
      created_at: now(),
    });
    return token;
  }

  /** A new user, invited until they choose a password through a one-time link. */
  async function createUser(tx: Queryable, organisationId: string, email: string, role: DashboardRole) {
    if (!(await findOrganisation(tx, organisationId))) throw notFound('organisations');
    const address = email.trim();
    if (!isEmailAddress(address)) throw new DomainError('validation_failed', { messageKey: 'email_invalid' });
    const taken = () => new DomainError('validation_failed', { messageKey: 'email_taken' });
    if (await findUserByEmail(tx, address)) throw taken();
    try {
      return await insertUser(tx, {
        id: ctx.ids('dashboardUser'),
        organisation_id: organisationId,
        email: address,
        role,
        status: 'invited',
        created_at: now(),
      });
    } catch (error) {
      // Two invitations of one address at once: the unique index lets one in, the other is told it is taken.
      if (isUniqueViolation(error, EMAIL_INDEX)) throw taken();
      throw error;
    }
  }

  /** The user's first password makes them active (the runner's move); later ones change nothing else. */
  const activate = (tx: Queryable, user: DashboardUserRow) =>
    user.status === 'invited'
      ? applyMove(tx, ctx, DASHBOARD_USER_MACHINE, user, 'activate', { actor: selfActor(user) })
      : user;

  return {
    createUser,
    issueLink,

    /** The CLI's first admin: the user and a one-time link to choose a password with. */
    async createAdmin(tx: Queryable, organisationId: string, email: string) {
      const user = await createUser(tx, organisationId, email, 'admin');
      return { user, token: await issueLink(tx, user.id, 'sign_in') };
    },

    /** Sandbox first start: a one-time sign-in link for the organisation's first admin (made if missing). */
    async bootstrapAdmin(tx: Queryable, organisationId: string, email: string) {
      const user = (await findFirstAdmin(tx, organisationId)) ?? (await createUser(tx, organisationId, email, 'admin'));
      return { user, token: await issueLink(tx, user.id, 'sign_in') };
    },

    /** Scripted sandboxes (BOOTSTRAP_DASHBOARD_ADMIN): an admin with exactly this password, made once. */
    async ensureAdminWithPassword(tx: Queryable, organisationId: string, email: string, password: string) {
      const existing = await findUserByEmail(tx, email);
      if (existing) return existing;
      const user = await createUser(tx, organisationId, email, 'admin');
      return activate(tx, await setPasswordHash(tx, user.id, await hashPassword(password)));
    },

    listUsers: (db: Queryable, organisationId: string) => listUsersOfOrganisation(db, organisationId),

    /** The user a sealed session names, while they are active and the session's generation is still theirs. */
    async sessionUser(db: Queryable, userId: string, generation: number) {
      const user = await findUser(db, userId);
      return user && user.status === 'active' && user.session_generation === generation ? user : null;
    },

    async signIn(tx: Queryable, email: string, password: string): Promise<SignInResult> {
      const user = await findUserByEmail(tx, email.trim(), { lock: true });
      if (user && isLocked(user)) return { outcome: 'locked', until: user.locked_until! };
      const matches = await verifyPassword(password, user?.password_hash ?? null);
      // A disabled (or not yet joined) user is answered as a wrong password, after the same work.
      if (!user || user.status !== 'active') return { outcome: 'refused' };
      if (!matches) {
        await countFailure(tx, user);
        const after = await findUser(tx, user.id);
        return after && isLocked(after) ? { outcome: 'locked', until: after.locked_until! } : { outcome: 'refused' };
      }
      if (user.totp_secret) return { outcome: 'second_factor', user };
      await recordSignIn(tx, user.id, now());
      return { outcome: 'signed_in', user };
    },

    /** The second step of a sign-in with TOTP; a wrong code counts as a failed sign-in. */
    async checkSecondFactor(tx: Queryable, userId: string, code: string): Promise<SignInResult> {
      const user = await findUser(tx, userId, { lock: true });
      if (!user?.totp_secret || user.status !== 'active') return { outcome: 'refused' };
      if (isLocked(user)) return { outcome: 'locked', until: user.locked_until! };
      if (!authenticator.check(code.replace(/\s/g, ''), user.totp_secret)) {
        await countFailure(tx, user);
        return { outcome: 'refused' };
      }
      await recordSignIn(tx, user.id, now());
      return { outcome: 'signed_in', user };
    },

    /** Whether a one-time link still works (read only: the page asking for a password shows first). */
    linkIsLive: async (db: Queryable, token: string, purpose: LinkPurpose) =>
      (await findLiveLink(db, hashLinkToken(token), purpose, now())) !== null,

    /**
     * Uses a one-time link to set the user's password (first sign-in, invitation and reset alike):
     * the link is spent, the password set, every older session ended, and an invited user becomes
     * active. It is also a sign-in (decision 0064), finished here unless the user has TOTP, whose
     * code the caller asks for next. Null when the link no longer works: spent, expired, a
     * disabled user's, or an invitation whose user is no longer invited.
     */
    async setPasswordWithLink(tx: Queryable, token: string, purpose: LinkPurpose, password: string) {
      const link = await spendLink(tx, hashLinkToken(token), purpose, now());
      const user = link && (await findUser(tx, link.user_id, { lock: true }));
      if (!user || user.status === 'disabled' || (purpose === 'invite' && user.status !== 'invited')) return null;
      const saved = await activate(tx, await setPasswordHash(tx, user.id, await hashPassword(password)));
      if (!saved.totp_secret) await recordSignIn(tx, user.id, now());
      return saved;
    },

    /**
     * A reset link for the address, if it is an active user's or an admin's who never chose a
     * password (a lost welcome link is recovered so); the caller mails it after commit.
     */
    async requestReset(tx: Queryable, email: string) {
      const user = await findUserByEmail(tx, email.trim());
      const resettable = user?.status === 'active' || (user?.status === 'invited' && user.role === 'admin');
      return user && resettable ? { user, token: await issueLink(tx, user.id, 'reset') } : null;
    },

    async changePassword(tx: Queryable, userId: string, current: string, next: string) {
      const user = await findUser(tx, userId, { lock: true });
      if (!user || !(await verifyPassword(current, user.password_hash))) return null;
      return setPasswordHash(tx, userId, await hashPassword(next));
    },

    signOutEverywhere: (tx: Queryable, userId: string) => raiseSessionGeneration(tx, userId),

    /** A new TOTP secret to show (not saved until a code from it is given back). */
    newTotpSecret(email: string) {
      const secret = authenticator.generateSecret();
      return { secret, uri: authenticator.keyuri(email, 'bankflow', secret) };
    },

    async enableTotp(tx: Queryable, userId: string, secret: string, code: string) {
      if (!/^[A-Z2-7]{16,64}$/.test(secret) || !authenticator.check(code.replace(/\s/g, ''), secret)) return null;
      return setTotpSecret(tx, userId, secret);
    },

    disableTotp: (tx: Queryable, userId: string) => setTotpSecret(tx, userId, null),
  };
}

export type DashboardUserService = ReturnType<typeof createDashboardUserService>;
