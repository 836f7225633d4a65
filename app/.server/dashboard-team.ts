import type { AppLoadContext as Context } from '@remix-run/node';
import type { DashboardRole, DashboardUserRow } from '../../server/domain/dashboard-users/service';
import { LINK_LIFETIME_MS } from '../../server/domain/dashboard-users/service';
import type { Language } from '../../server/i18n/languages';
import { dashboardTranslator } from '../i18n/dashboard';
import { inUnitOfWork as write } from './unit-of-work';

// The Team page's calls (decision 0051), beside the other dashboard services: the dashboard-users
// module's team service, each change one unit of work, the invitation mailed after its commit.

const team = (c: Context) => c.services.dashboardTeam;

/** How many days an invitation link works, as its mail and the invite form say. */
export const INVITATION_DAYS = LINK_LIFETIME_MS.invite / (24 * 3600_000);

export const listTeam = (c: Context, u: DashboardUserRow) => team(c).list(c.services.db, u);

export const teamMember = (c: Context, u: DashboardUserRow, id: string) => team(c).get(c.services.db, u, id);

/**
 * Mails an invitation's link through the services' mailer (the sandbox keeps it in its mailbox), in
 * the inviting admin's language, after the commit: a mail is never sent for an invitation rolled
 * back. A mail that cannot be sent is reported (the admin can resend), never with its link.
 */
async function mailInvitation(c: Context, admin: DashboardUserRow, to: DashboardUserRow, token: string, l: Language) {
  const t = dashboardTranslator(l);
  const link = `${c.config.publicUrl}/dashboard/invitations/${token}`;
  try {
    await c.services.mailer.send({
      to: to.email,
      subject: t('team.mail_subject'),
      text: t('team.mail_body', { admin: admin.email, link, days: INVITATION_DAYS }),
      language: l,
    });
    return true;
  } catch (error) {
    const reason = (error as { reason?: string }).reason ?? 'unknown';
    c.services.logger.warn('invitation mail not sent', { request_id: c.requestId, user_id: to.id, reason });
    return false;
  }
}

/** An admin invites someone: the invited user, and whether their mail went. */
export async function inviteUser(
  c: Context,
  admin: DashboardUserRow,
  input: { email: string; role: DashboardRole },
  language: Language,
) {
  const { user, token } = await write(c, (tx) => team(c).invite(tx, admin, input));
  return { user, mailed: await mailInvitation(c, admin, user, token, language) };
}

/** A new link for a pending invitation (the older one stops working), mailed after the commit. */
export async function resendInvitation(c: Context, admin: DashboardUserRow, id: string, language: Language) {
  const { user, token } = await write(c, (tx) => team(c).resend(tx, admin, id));
  return { user, mailed: await mailInvitation(c, admin, user, token, language) };
}

export const revokeInvitation = (c: Context, admin: DashboardUserRow, id: string) =>
  write(c, (tx) => team(c).revoke(tx, admin, id));

export const changeRole = (c: Context, admin: DashboardUserRow, id: string, role: DashboardRole) =>
  write(c, (tx) => team(c).changeRole(tx, admin, id, role));

export const disableUser = (c: Context, admin: DashboardUserRow, id: string) =>
  write(c, (tx) => team(c).disable(tx, admin, id));

export const enableUser = (c: Context, admin: DashboardUserRow, id: string) =>
  write(c, (tx) => team(c).enable(tx, admin, id));
