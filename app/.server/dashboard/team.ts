import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext as Context,
  type LoaderFunctionArgs,
} from '@remix-run/node';
import { z } from 'zod';
import type { DashboardUserRow, TeamMember } from '../../../server/domain/dashboard-users/service';
import { LINK_LIFETIME_MS } from '../../../server/domain/dashboard-users/service';
import type { Language } from '../../../i18n/languages';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator, type DashboardTranslate } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { MAX_PENDING_INVITATIONS, MAX_TEAM_SIZE } from '../../../server/domain/dashboard-users/team';
import { adminForm, noStore, signedIn } from './guard';
import { frameOf } from './records';
import { isEmailAddress } from '../../../server/domain/shared/email';

/**
 * The Team page (decision 0051): everyone who can sign in to the organisation's dashboard, with
 * their role, status, two-step verification and last sign-in. Viewers see it, read only; an admin
 * also invites someone (email and role, each refusal next to its field) and reaches each person's
 * actions (team-actions.ts). The invitation's link is only ever in its mail.
 */
export const TEAM_DONE = ['invited', 'unsent', 'resend', 'revoke', 'role', 'disable', 'enable'] as const;
type Done = (typeof TEAM_DONE)[number];

/** How many days an invitation link works, as its mail and the invite form say. */
export const INVITATION_DAYS = LINK_LIFETIME_MS.invite / (24 * 3600_000);

/**
 * Mails an invitation's link through the services' mailer (the sandbox keeps it in its mailbox), in
 * the inviting admin's language, after the commit: a mail is never sent for an invitation rolled
 * back. A mail that cannot be sent is reported (the admin can resend), never with its link.
 */
export async function mailInvitation(
  c: Context,
  admin: DashboardUserRow,
  to: DashboardUserRow,
  token: string,
  l: Language,
) {
  const t = dashboardTranslator(l);
  const link = `${c.config.publicUrl}/dashboard/invitations/${token}`;
  try {
    await c.services.mailer.send({
      to: to.email,
      organisationId: to.organisation_id,
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

const minute = (at: Date | null) => (at ? at.toISOString().slice(0, 16).replace('T', ' ') : null);

const memberView = (m: TeamMember, selfId: string, now: Date) => ({
  id: m.id,
  email: m.email,
  role: m.role,
  status: m.status,
  totp: m.totp,
  lastSignIn: minute(m.last_signed_in_at),
  linkExpires: m.link_expires_at && m.link_expires_at > now ? minute(m.link_expires_at) : null,
  linkExpired: m.status === 'invited' && !(m.link_expires_at && m.link_expires_at > now),
  self: m.id === selfId,
});

export async function presentTeam(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const url = new URL(args.request.url);
  const now = args.context.services.clock.now();
  const { db, dashboardTeam } = args.context.services;
  const members = (await dashboardTeam.list(db, who.user)).map((m) => memberView(m, who.user.id, now));
  const done = TEAM_DONE.find((d) => d === url.searchParams.get('done')) ?? null;
  return json(
    {
      frame: frameOf(who),
      members,
      days: INVITATION_DAYS,
      done: done as Done | null,
      // Who the notice is about, looked up in the list (a revoked invitation is no longer there).
      doneEmail: members.find((m) => m.id === url.searchParams.get('user'))?.email ?? null,
    },
    { headers: noStore() },
  );
}

const inviteForm = z.object({
  email: z.string().trim().min(1, 'team.error.email_required').refine(isEmailAddress, 'team.error.email_invalid'),
  role: z.enum(['admin', 'viewer'], { message: 'team.error.role_required' }),
});

/** The service's refusals of an invitation, each beside the field it is about. */
function refusalOf(error: unknown, t: DashboardTranslate) {
  if (!isDomainError(error) || error.reason !== 'validation_failed') throw error;
  const key = error.options.messageKey;
  if (key === 'email_taken' || key === 'email_invalid') return { field: 'email', message: t(`team.error.${key}`) };
  if (key === 'team_full') return { field: 'email', message: t('team.error.team_full', { max: MAX_TEAM_SIZE }) };
  if (key === 'too_many_invitations')
    return { field: 'email', message: t('team.error.too_many_invitations', { max: MAX_PENDING_INVITATIONS }) };
  throw error;
}

export async function submitInvitation(args: ActionFunctionArgs) {
  const { user, form, language } = await adminForm(args);
  const t = dashboardTranslator(language);
  const values = { email: String(form.get('email') ?? '').slice(0, 300), role: String(form.get('role') ?? '') };
  const answer = (errors: { field: string; message: string }[], reason?: string) =>
    json({ errors, values, reason: reason ?? null }, { status: 400, headers: noStore() });
  const parsed = inviteForm.safeParse(values);
  if (!parsed.success) {
    // One message a field: the first thing wrong with it (an empty address is not also malformed).
    const errors = new Map<string, string>();
    for (const issue of parsed.error.issues)
      if (!errors.has(String(issue.path[0]))) errors.set(String(issue.path[0]), t(issue.message as 'team.title'));
    return answer([...errors].map(([field, message]) => ({ field, message })));
  }
  try {
    const team = args.context.services.dashboardTeam;
    const { user: invited, token } = await write(args.context, (tx) => team.invite(tx, user, parsed.data));
    const mailed = await mailInvitation(args.context, user, invited, token, language);
    return redirect(`/dashboard/team?done=${mailed ? 'invited' : 'unsent'}&user=${invited.id}`, {
      status: 303,
      headers: noStore(),
    });
  } catch (error) {
    const refusal = refusalOf(error, t);
    return answer([refusal], isDomainError(error) ? error.options.messageKey : undefined);
  }
}
