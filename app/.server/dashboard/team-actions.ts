import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { DASHBOARD_ROLES, type DashboardRole } from '../../../server/domain/dashboard-users/types';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { INVITATION_DAYS, mailInvitation } from './team';
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

async function page(args: LoaderFunctionArgs, who: SignedIn) {
  const action = TEAM_ACTIONS.find((a) => a === args.params.action);
  if (!action) dashboardError(404, who.language, 'not_found');
  const { db, dashboardTeam } = args.context.services;
  const member = await owned(who, () => dashboardTeam.get(db, who.user, args.params.id ?? ''));
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
  const team = context.services.dashboardTeam;
  if (action === 'resend') {
    // A new link (the older one stops working), mailed after the commit.
    const { user, token } = await write(context, (tx) => team.resend(tx, who.user, id));
    return mailInvitation(context, who.user, user, token, who.language);
  }
  await write(context, async (tx) => {
    if (action === 'revoke') await team.revoke(tx, who.user, id);
    if (action === 'role') await team.changeRole(tx, who.user, id, role);
    if (action === 'disable') await team.disable(tx, who.user, id);
    if (action === 'enable') await team.enable(tx, who.user, id);
  });
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
    // The role chosen stays chosen on the page that says why it was refused.
    const chosen = role ?? null;
    return json({ ...shown, errors, reason: key ?? error.reason, chosen }, { status: 422, headers: noStore() });
  }
  const done = mailed ? shown.action : 'unsent';
  return redirect(`/dashboard/team?done=${done}&user=${shown.member.id}`, { status: 303, headers: noStore() });
}
