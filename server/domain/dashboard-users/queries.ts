import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { col, defineTable } from '../shared/table';
import type {
  DashboardLinkRow,
  DashboardRole,
  DashboardUserRow,
  DashboardUserStatus,
  LinkPurpose,
  TeamMember,
} from './types';

/** The one-use links mailed to dashboard users: sign-in, password reset, invitation. */
export const dashboardLinksTable = defineTable('dashboard_links', {
  id: col.text(),
  user_id: col.text(),
  purpose: col.text<LinkPurpose>(),
  token_hash: col.text(),
  expires_at: col.timestamptz(),
  used_at: col.timestamptz().nullable(),
  created_at: col.timestamptz(),
});

/** The only file that names the `dashboard_users` and `dashboard_links` tables in SQL. */

/** The users' table as the state runner sees it (its status moves: state.ts). */
export const dashboardUsersTable = defineTable(
  'dashboard_users',
  {
    id: col.text(),
    organisation_id: col.text(),
    email: col.text(),
    role: col.text<DashboardRole>(),
    password_hash: col.text().nullable(),
    session_generation: col.integer(),
    failed_sign_ins: col.integer(),
    locked_until: col.timestamptz().nullable(),
    totp_secret: col.text().nullable(),
    created_at: col.timestamptz(),
    status: col.text<DashboardUserStatus>(),
    last_signed_in_at: col.timestamptz().nullable(),
  },
  'dashboard_users',
);

/** The unique index that keeps one account per address, also when two invitations race. */
export const EMAIL_INDEX = 'dashboard_users_email';

export async function insertUser(
  tx: Queryable,
  row: {
    id: string;
    organisation_id: string;
    email: string;
    role: DashboardRole;
    status: DashboardUserStatus;
    created_at: Date;
  },
): Promise<DashboardUserRow> {
  const { rows } = await tx.query<DashboardUserRow>(
    `INSERT INTO dashboard_users (id, organisation_id, email, role, status, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [row.id, row.organisation_id, row.email, row.role, row.status, row.created_at],
  );
  return rows[0]!;
}

export async function findUser(db: Queryable, id: string, options: { lock?: boolean } = {}) {
  const { rows } = await db.query<DashboardUserRow>(
    `SELECT * FROM dashboard_users WHERE id = $1${options.lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Queryable, email: string, options: { lock?: boolean } = {}) {
  const { rows } = await db.query<DashboardUserRow>(
    `SELECT * FROM dashboard_users WHERE lower(email) = lower($1)${options.lock ? ' FOR UPDATE' : ''}`,
    [email],
  );
  return rows[0] ?? null;
}

export async function listUsersOfOrganisation(db: Queryable, organisationId: string) {
  const { rows } = await db.query<DashboardUserRow>(
    'SELECT * FROM dashboard_users WHERE organisation_id = $1 ORDER BY id LIMIT 500',
    [organisationId],
  );
  return rows;
}

/** What the `users` export shows of a person: never the password hash, TOTP secret or lock state. */
export type ListedUser = Pick<DashboardUserRow, 'id' | 'email' | 'role' | 'created_at'>;

/**
 * One cursor page of an organisation's users created in `createdAt` (the `users` export, decision
 * 0040). Only the listed columns are selected, so the secrets never leave the database.
 */
export function listUsersPage(
  db: Queryable,
  organisationId: string,
  createdAt: TimeRange,
  page: PageRequest,
): Promise<Page<ListedUser>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  whereInRange(where, params, 'created_at', createdAt);
  return pageQuery<ListedUser>(
    db,
    { from: 'dashboard_users', select: 'id, email, role, created_at', where, params },
    page,
  );
}

/** The first admin of an organisation (the sandbox's bootstrap link goes to them). */
export async function findFirstAdmin(db: Queryable, organisationId: string) {
  const { rows } = await db.query<DashboardUserRow>(
    `SELECT * FROM dashboard_users WHERE organisation_id = $1 AND role = 'admin' ORDER BY id LIMIT 1`,
    [organisationId],
  );
  return rows[0] ?? null;
}

export async function recordFailedSignIn(tx: Queryable, id: string, lockedUntil: Date | null) {
  await tx.query('UPDATE dashboard_users SET failed_sign_ins = failed_sign_ins + 1, locked_until = $2 WHERE id = $1', [
    id,
    lockedUntil,
  ]);
}

/** A sign-in that succeeded: the failure count starts again and the Team page's "last sign-in" moves on. */
export async function recordSignIn(tx: Queryable, id: string, at: Date) {
  await tx.query(
    'UPDATE dashboard_users SET failed_sign_ins = 0, locked_until = NULL, last_signed_in_at = $2 WHERE id = $1',
    [id, at],
  );
}

/** A new password: every session made before it stops working, and the lockout is lifted. */
export async function setPasswordHash(tx: Queryable, id: string, hash: string) {
  const { rows } = await tx.query<DashboardUserRow>(
    `UPDATE dashboard_users SET password_hash = $2, session_generation = session_generation + 1,
       failed_sign_ins = 0, locked_until = NULL WHERE id = $1 RETURNING *`,
    [id, hash],
  );
  return rows[0]!;
}

export async function raiseSessionGeneration(tx: Queryable, id: string) {
  const { rows } = await tx.query<DashboardUserRow>(
    'UPDATE dashboard_users SET session_generation = session_generation + 1 WHERE id = $1 RETURNING *',
    [id],
  );
  return rows[0]!;
}

export async function setTotpSecret(tx: Queryable, id: string, secret: string | null) {
  const { rows } = await tx.query<DashboardUserRow>(
    'UPDATE dashboard_users SET totp_secret = $2 WHERE id = $1 RETURNING *',
    [id, secret],
  );
  return rows[0]!;
}

export async function insertLink(
  tx: Queryable,
  row: { id: string; user_id: string; purpose: LinkPurpose; token_hash: string; expires_at: Date; created_at: Date },
) {
  await tx.query(
    `INSERT INTO dashboard_links (id, user_id, purpose, token_hash, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [row.id, row.user_id, row.purpose, row.token_hash, row.expires_at, row.created_at],
  );
}

/**
 * Spends a link: marks it used and returns it, in one statement, so two tabs racing for the same
 * link cannot both get in. A used, expired or unknown link returns null.
 */
export async function spendLink(tx: Queryable, tokenHash: string, purpose: LinkPurpose, now: Date) {
  const { rows } = await tx.query<DashboardLinkRow>(
    `UPDATE dashboard_links SET used_at = $3
      WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 RETURNING *`,
    [tokenHash, purpose, now],
  );
  return rows[0] ?? null;
}

/** Whether a link would still let someone in (the page that asks for the new password reads it first). */
export async function findLiveLink(db: Queryable, tokenHash: string, purpose: LinkPurpose, now: Date) {
  const { rows } = await db.query<DashboardLinkRow>(
    `SELECT * FROM dashboard_links WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3`,
    [tokenHash, purpose, now],
  );
  return rows[0] ?? null;
}

// The Team page and an admin's changes to other users (invitations, roles, disabling).

/**
 * An organisation's people for the Team page, oldest first along `(organisation_id, id)`, in one
 * statement: whether TOTP is on (never the secret) and, for an invited user, when their latest
 * unused link stops working (on `dashboard_links (user_id, purpose)`). `limit` is the team's bound.
 */
export async function listTeam(db: Queryable, organisationId: string, limit: number) {
  const { rows } = await db.query<TeamMember>(
    `SELECT u.id, u.email, u.role, u.status, u.totp_secret IS NOT NULL AS totp, u.last_signed_in_at, u.created_at,
            CASE WHEN u.status = 'invited' THEN
              (SELECT max(l.expires_at) FROM dashboard_links l
                WHERE l.user_id = u.id AND l.purpose IN ('sign_in', 'invite') AND l.used_at IS NULL)
            END AS link_expires_at
       FROM dashboard_users u WHERE u.organisation_id = $1 ORDER BY u.id LIMIT $2`,
    [organisationId, limit],
  );
  return rows;
}

/** How many people an organisation has, and how many of them are still invited (the invitations' bounds). */
export async function countTeam(db: Queryable, organisationId: string) {
  const { rows } = await db.query<{ total: number; invited: number }>(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'invited'))::int AS invited
       FROM dashboard_users WHERE organisation_id = $1`,
    [organisationId],
  );
  return rows[0]!;
}

/**
 * Ends a user's links that still work (of the given purposes): a resent invitation replaces the
 * older one, a disabled user's reset link stops working. Links are always locked before their user
 * (as spending one does), so these changes and a link being used cannot deadlock.
 */
export async function endLiveLinks(tx: Queryable, userId: string, purposes: readonly LinkPurpose[], now: Date) {
  await tx.query(
    `UPDATE dashboard_links SET expires_at = $3
      WHERE user_id = $1 AND purpose = ANY($2) AND used_at IS NULL AND expires_at > $3`,
    [userId, purposes, now],
  );
}

/**
 * Forgets an invitation nobody accepted: its links, then the user, only while still invited (so an
 * acceptance that committed first wins, and the refusal rolls the links back). True when it went.
 */
export async function deleteInvitedUser(tx: Queryable, organisationId: string, id: string) {
  await tx.query('DELETE FROM dashboard_links WHERE user_id = $1', [id]);
  const { rows } = await tx.query(
    `DELETE FROM dashboard_users WHERE id = $1 AND organisation_id = $2 AND status = 'invited' RETURNING id`,
    [id, organisationId],
  );
  return rows.length === 1;
}

export async function setRole(tx: Queryable, id: string, role: DashboardRole) {
  const { rows } = await tx.query<DashboardUserRow>('UPDATE dashboard_users SET role = $2 WHERE id = $1 RETURNING *', [
    id,
    role,
  ]);
  return rows[0]!;
}

/**
 * The organisation's active admins, locked in id order: two admins demoting or disabling each
 * other at once take turns, and the second sees what the first left (never no admin at all).
 */
export async function lockActiveAdmins(tx: Queryable, organisationId: string) {
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM dashboard_users WHERE organisation_id = $1 AND role = 'admin' AND status = 'active'
      ORDER BY id FOR UPDATE`,
    [organisationId],
  );
  return rows.map((r) => r.id);
}
