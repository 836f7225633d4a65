import type { Queryable } from '../../db/db';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError } from '../shared/errors';
import { applyMove } from '../shared/state-machine';
import { findOwned } from '../shared/table';
import {
  countTeam,
  dashboardUsersTable,
  deleteInvitedUser,
  endLiveLinks,
  listTeam,
  lockActiveAdmins,
  setRole,
} from './queries';
import type { DashboardUserService } from './service';
import { DASHBOARD_USER_MACHINE } from './state';
import type { DashboardRole, DashboardUserRow } from './types';

/** At most this many people in an organisation: the Team page lists them all on one page. */
export const MAX_TEAM_SIZE = 500;
/** At most this many invitations waiting at once: what one admin can mail before anyone answers. */
export const MAX_PENDING_INVITATIONS = 50;

const refused = (messageKey: 'invitation_not_pending' | 'last_admin' | 'team_full' | 'too_many_invitations') =>
  new DomainError(messageKey === 'invitation_not_pending' ? 'status_changed' : 'validation_failed', { messageKey });

/** The admin acting: the runner's actor (no event is written: dashboard users have none, decision 0051). */
const actorOf = (admin: DashboardUserRow): Actor => ({
  organisationId: admin.organisation_id,
  origin: 'api',
  source: { type: 'user', name: admin.email },
});

/**
 * An organisation's admins manage its people (decision 0051): invite someone (an invited user and a
 * one-time link, mailed by the caller after commit), resend or revoke a pending invitation, change
 * a role, disable or enable a user. Every call is scoped to the acting admin's organisation
 * (another's user is 404) and refuses a change that would leave it without an active admin. Links
 * are always locked before their user, as using one does, so nothing here deadlocks with a link
 * being used at the same moment.
 */
export function createDashboardTeamService(ctx: DomainContext, deps: { users: DashboardUserService }) {
  const now = () => ctx.clock.now();

  function requireAdmin(actor: DashboardUserRow) {
    if (actor.role !== 'admin' || actor.status !== 'active') throw new DomainError('forbidden');
  }

  const member = (db: Queryable, actor: DashboardUserRow, id: string, lock = false) =>
    findOwned<DashboardUserRow>(db, dashboardUsersTable, actor.organisation_id, id, { lock });

  /** Refuses when `target` is the organisation's only active admin (its admins locked until commit). */
  async function keepAnAdmin(tx: Queryable, target: DashboardUserRow) {
    const admins = await lockActiveAdmins(tx, target.organisation_id);
    if (admins.length === 1 && admins[0] === target.id) throw refused('last_admin');
  }

  async function pendingMember(tx: Queryable, actor: DashboardUserRow, id: string) {
    requireAdmin(actor);
    const user = await member(tx, actor, id);
    if (user.status !== 'invited') throw refused('invitation_not_pending');
    return user;
  }

  return {
    list: (db: Queryable, actor: DashboardUserRow) => listTeam(db, actor.organisation_id, MAX_TEAM_SIZE),

    get: (db: Queryable, actor: DashboardUserRow, id: string) => member(db, actor, id),

    /** An invited user and their link (a week). An address already a user's, here or elsewhere, is refused. */
    async invite(tx: Queryable, actor: DashboardUserRow, input: { email: string; role: DashboardRole }) {
      requireAdmin(actor);
      const counts = await countTeam(tx, actor.organisation_id);
      if (counts.total >= MAX_TEAM_SIZE) throw refused('team_full');
      if (counts.invited >= MAX_PENDING_INVITATIONS) throw refused('too_many_invitations');
      const user = await deps.users.createUser(tx, actor.organisation_id, input.email, input.role);
      return { user, token: await deps.users.issueLink(tx, user.id, 'invite') };
    },

    /** A new link for a pending invitation; the older ones stop working. */
    async resend(tx: Queryable, actor: DashboardUserRow, id: string) {
      await pendingMember(tx, actor, id);
      await endLiveLinks(tx, id, ['sign_in', 'invite'], now());
      // Locked after its links: an acceptance that got there first has made the user active.
      const user = await member(tx, actor, id, true);
      if (user.status !== 'invited') throw refused('invitation_not_pending');
      return { user, token: await deps.users.issueLink(tx, user.id, 'invite') };
    },

    /** Forgets a pending invitation: its link stops working and the address is free again. */
    async revoke(tx: Queryable, actor: DashboardUserRow, id: string) {
      const user = await pendingMember(tx, actor, id);
      if (!(await deleteInvitedUser(tx, actor.organisation_id, id))) throw refused('invitation_not_pending');
      return user;
    },

    /** A new role, at once on every page the user opens next (sessions read the user each request). */
    async changeRole(tx: Queryable, actor: DashboardUserRow, id: string, role: DashboardRole) {
      requireAdmin(actor);
      const user = await member(tx, actor, id);
      if (role === 'viewer') await keepAnAdmin(tx, user);
      return setRole(tx, user.id, role);
    },

    /** Disables an active user: their links and every session of theirs end at once. */
    async disable(tx: Queryable, actor: DashboardUserRow, id: string) {
      requireAdmin(actor);
      const user = await member(tx, actor, id);
      await endLiveLinks(tx, id, ['sign_in', 'reset', 'invite'], now());
      await keepAnAdmin(tx, user);
      const locked = await member(tx, actor, id, true);
      return applyMove(tx, ctx, DASHBOARD_USER_MACHINE, locked, 'disable', {
        actor: actorOf(actor),
        set: { session_generation: locked.session_generation + 1 },
      });
    },

    /** Lets a disabled user sign in again (sessions from before stay ended: the generation moved on). */
    async enable(tx: Queryable, actor: DashboardUserRow, id: string) {
      requireAdmin(actor);
      const user = await member(tx, actor, id, true);
      return applyMove(tx, ctx, DASHBOARD_USER_MACHINE, user, 'enable', { actor: actorOf(actor) });
    },
  };
}
