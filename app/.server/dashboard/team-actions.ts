import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { DASHBOARD_ROLES, type DashboardRole } from '../../../server/domain/dashboard-users/types';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../i18n/dashboard';
import {
  INVITATION_DAYS,
  changeRole,
  disableUser,
  enableUser,
  resendInvitation,
  revokeInvitation,
  teamMember,
} from '../dashboard-team';
import { adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { frameOf, owned } from './records';

/**
 * One person's actions on the Team page (decision 0051), each asked on a page of its own (a plain
 * form with the CSRF token): resend or revoke a pending invitation, change the role, disable or
 * enable. A viewer's POST is the 403 page before anything is read; another organisation's user is
 * 404; what the service refuses (the organisation's last admin, an invitation already accepted) is
 * shown on the page (422) with its reason, and nothing is written.
 */
export const TEAM_ACTIONS = ['resend', 'revoke', 'role', 'disable', 'enable'] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

/** The statuses each action is offered from (the service still decides on POST). */
export const OFFERED: Record<TeamAction, readonly string[]> = {
  resend: ['invited'],
  revoke: ['invited'],
  role: ['invited', 'active', 'disabled'],
  disable: ['active'],
  enable: ['disabled'],
};

async function page(args: LoaderFunctionArgs, who: SignedIn) {
  const action = TEAM_ACTIONS.find((a) => a === args.params.action);
  if (!action) dashboardError(404, who.language, 'not_found');
  const member = await owned(who, () => teamMember(args.context, who.user, args.params.id ?? ''));
  return {
    frame: frameOf(who),
    action,
    days: INVITATION_DAYS,
    member: { id: member.id, email: member.email, role: member.role, status: member.status },
    self: member.id === who.user.id,
  };
}

export async function presentTeamAction(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const errors: { field: string; message: string }[] = [];
  return json({ ...(await page(args, who)), errors, reason: null as string | null }, { headers: noStore() });
}

const roleOf = (form: FormData) => DASHBOARD_ROLES.find((r) => r === form.get('role'));

async function run(args: ActionFunctionArgs, who: SignedIn, action: TeamAction, id: string, role: DashboardRole) {
  const { context } = args;
  if (action === 'resend') return (await resendInvitation(context, who.user, id, who.language)).mailed;
  if (action === 'revoke') await revokeInvitation(context, who.user, id);
  if (action === 'role') await changeRole(context, who.user, id, role);
  if (action === 'disable') await disableUser(context, who.user, id);
  if (action === 'enable') await enableUser(context, who.user, id);
  return true;
}

export async function submitTeamAction(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const shown = await page(args, who);
  const t = dashboardTranslator(who.language);
  const role = roleOf(who.form);
  if (shown.action === 'role' && !role) {
    const errors = [{ field: 'role', message: t('team.error.role_required') }];
    return json({ ...shown, errors, reason: null }, { status: 400, headers: noStore() });
  }
  let mailed: boolean;
  try {
    mailed = await run(args, who, shown.action, shown.member.id, role ?? shown.member.role);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.reason === 'resource_not_found') dashboardError(404, who.language, 'not_found');
    const key = error.options.messageKey;
    const message =
      key === 'last_admin' || key === 'invitation_not_pending'
        ? t(`team.error.${key}`)
        : t('records.refused', { reason: error.reason });
    const errors = [{ field: shown.action === 'role' ? 'role' : 'refusal', message }];
    return json({ ...shown, errors, reason: key ?? error.reason }, { status: 422, headers: noStore() });
  }
  const done = mailed ? shown.action : 'unsent';
  return redirect(`/dashboard/team?done=${done}&user=${shown.member.id}`, { status: 303, headers: noStore() });
}
