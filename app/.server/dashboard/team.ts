import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import type { TeamMember } from '../../../server/domain/dashboard-users/service';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator, type DashboardTranslate } from '../../i18n/dashboard';
import { INVITATION_DAYS, inviteUser, listTeam } from '../dashboard-team';
import { MAX_PENDING_INVITATIONS, MAX_TEAM_SIZE } from '../../../server/domain/dashboard-users/team';
import { adminForm, noStore, signedIn } from './guard';
import { frameOf } from './records';

/**
 * The Team page (decision 0051): everyone who can sign in to the organisation's dashboard, with
 * their role, status, two-step verification and last sign-in. Viewers see it, read only; an admin
 * also invites someone (email and role, each refusal next to its field) and reaches each person's
 * actions (team-actions.ts). The invitation's link is only ever in its mail.
 */
export const TEAM_DONE = ['invited', 'unsent', 'resend', 'revoke', 'role', 'disable', 'enable'] as const;
type Done = (typeof TEAM_DONE)[number];

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
  const members = (await listTeam(args.context, who.user)).map((m) => memberView(m, who.user.id, now));
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const inviteForm = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'team.error.email_required')
    .max(254, 'team.error.email_invalid')
    .regex(EMAIL, 'team.error.email_invalid'),
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
    const { user: invited, mailed } = await inviteUser(args.context, user, parsed.data, language);
    return redirect(`/dashboard/team?done=${mailed ? 'invited' : 'unsent'}&user=${invited.id}`, {
      status: 303,
      headers: noStore(),
    });
  } catch (error) {
    const refusal = refusalOf(error, t);
    return answer([refusal], isDomainError(error) ? error.options.messageKey : undefined);
  }
}
