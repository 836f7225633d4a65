import { createHash, randomBytes } from 'node:crypto';
import { authenticator as defaultAuthenticator } from 'otplib';

/**
 * A code from the 30-s step before the current one is still taken (RFC 6238 §5.2's allowance for
 * delay): a code typed at the end of its step and sent in the next must not be refused.
 */
const authenticator = defaultAuthenticator.clone({ window: [1, 0] });
import type { Queryable } from '../../db/db';
import { findOrganisation } from '../access/queries';
import type { DomainContext } from '../shared/context';
import { DomainError, notFound } from '../shared/errors';
import { hashPassword, verifyPassword } from './passwords';
import {
  clearFailedSignIns,
  findFirstAdmin,
  findLiveLink,
  findUser,
  findUserByEmail,
  insertLink,
  insertUser,
  listUsersOfOrganisation,
  raiseSessionGeneration,
  recordFailedSignIn,
  setPasswordHash,
  setTotpSecret,
  spendLink,
} from './queries';
import type { DashboardRole, DashboardUserRow, LinkPurpose } from './types';

export type { DashboardRole, DashboardUserRow, LinkPurpose } from './types';

/** Failures allowed before the account locks; each failure after that doubles the wait. */
export const FREE_ATTEMPTS = 5;
const MAX_LOCK_MINUTES = 60;
const LINK_LIFETIME_MS: Record<LinkPurpose, number> = { sign_in: 24 * 3600_000, reset: 3600_000 };

export type SignInResult =
  | { outcome: 'signed_in'; user: DashboardUserRow }
  | { outcome: 'second_factor'; user: DashboardUserRow }
  | { outcome: 'refused' }
  | { outcome: 'locked'; until: Date };

const hashLinkToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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

  async function createUser(tx: Queryable, organisationId: string, email: string, role: DashboardRole) {
    if (!(await findOrganisation(tx, organisationId))) throw notFound('organisations');
    const address = email.trim();
    if (!EMAIL.test(address) || address.length > 254)
      throw new DomainError('validation_failed', { messageKey: 'email_invalid' });
    if (await findUserByEmail(tx, address)) throw new DomainError('validation_failed', { messageKey: 'email_taken' });
    return insertUser(tx, {
      id: ctx.ids('dashboardUser'),
      organisation_id: organisationId,
      email: address,
      role,
      created_at: now(),
    });
  }

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
      return setPasswordHash(tx, user.id, await hashPassword(password));
    },

    listUsers: (db: Queryable, organisationId: string) => listUsersOfOrganisation(db, organisationId),

    /** The user a sealed session names, while the session's generation is still theirs. */
    async sessionUser(db: Queryable, userId: string, generation: number) {
      const user = await findUser(db, userId);
      return user && user.session_generation === generation ? user : null;
    },

    async signIn(tx: Queryable, email: string, password: string): Promise<SignInResult> {
      const user = await findUserByEmail(tx, email.trim(), { lock: true });
      if (user && isLocked(user)) return { outcome: 'locked', until: user.locked_until! };
      const matches = await verifyPassword(password, user?.password_hash ?? null);
      if (!user) return { outcome: 'refused' };
      if (!matches) {
        await countFailure(tx, user);
        const after = await findUser(tx, user.id);
        return after && isLocked(after) ? { outcome: 'locked', until: after.locked_until! } : { outcome: 'refused' };
      }
      if (user.totp_secret) return { outcome: 'second_factor', user };
      await clearFailedSignIns(tx, user.id);
      return { outcome: 'signed_in', user };
    },

    /** The second step of a sign-in with TOTP; a wrong code counts as a failed sign-in. */
    async checkSecondFactor(tx: Queryable, userId: string, code: string): Promise<SignInResult> {
      const user = await findUser(tx, userId, { lock: true });
      if (!user?.totp_secret) return { outcome: 'refused' };
      if (isLocked(user)) return { outcome: 'locked', until: user.locked_until! };
      if (!authenticator.check(code.replace(/\s/g, ''), user.totp_secret)) {
        await countFailure(tx, user);
        return { outcome: 'refused' };
      }
      await clearFailedSignIns(tx, user.id);
      return { outcome: 'signed_in', user };
    },

    /** Whether a one-time link still works (read only: the page asking for a password shows first). */
    linkIsLive: async (db: Queryable, token: string, purpose: LinkPurpose) =>
      (await findLiveLink(db, hashLinkToken(token), purpose, now())) !== null,

    /**
     * Uses a one-time link to set the user's password (first sign-in and reset alike): the link is
     * spent, the password set, every older session ended. Null when the link no longer works.
     */
    async setPasswordWithLink(tx: Queryable, token: string, purpose: LinkPurpose, password: string) {
      const link = await spendLink(tx, hashLinkToken(token), purpose, now());
      if (!link) return null;
      return setPasswordHash(tx, link.user_id, await hashPassword(password));
    },

    /** A reset link for the address, if it is a user's; the caller mails it after commit. */
    async requestReset(tx: Queryable, email: string) {
      const user = await findUserByEmail(tx, email.trim());
      return user ? { user, token: await issueLink(tx, user.id, 'reset') } : null;
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
