import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { specOf } from './money-kinds';
import { frameOf, owned } from './records';

/**
 * An admin cancels a subscription, an instalment schedule or a billing request, or pauses or
 * resumes a subscription: a confirmation
 * page (a plain form with the CSRF token), then the same service call as the API's, its event's
 * source the signed-in user. A viewer's POST is the 403 page before anything is read; what the
 * service refuses (already cancelled, finished) is shown on the page (422) and nothing is written.
 */

export type CancellableKind = 'subscriptions' | 'instalment-schedules' | 'billing-requests';

/** Statuses a record can still be cancelled from, so its page offers the action only then. */
export const CANCELLABLE: Record<CancellableKind, readonly string[]> = {
  subscriptions: ['pending_customer_approval', 'active', 'paused'],
  'instalment-schedules': ['pending', 'active'],
  'billing-requests': ['pending', 'ready_to_fulfil'],
};

/** What an admin may do to a record from its page: cancel any of the three; pause or resume a subscription. */
export type MoneyAction = 'cancel' | 'pause' | 'resume';

/**
 * Statuses a subscription can be paused or resumed from (the service's own checks decide the rest:
 * a subscription with an end date cannot be paused, and its refusal is shown on the page).
 */
export const PAUSABLE = ['active'];
export const RESUMABLE = ['paused'];

async function page(args: LoaderFunctionArgs, who: SignedIn, kind: CancellableKind, action: MoneyAction) {
  const spec = specOf(kind);
  const record = await owned(who, () => spec.get(args.context, who.user, args.params.id ?? ''));
  return { frame: frameOf(who), kind, action, id: spec.idOf(record) };
}

export async function presentMoneyCancel(
  args: LoaderFunctionArgs,
  kind: CancellableKind,
  action: MoneyAction = 'cancel',
) {
  const who = await signedIn(args);
  return json({ ...(await page(args, who, kind, action)), error: null as string | null }, { headers: noStore() });
}

export async function submitMoneyCancel(
  args: ActionFunctionArgs,
  kind: CancellableKind,
  action: MoneyAction = 'cancel',
) {
  const who = await adminForm(args);
  const shown = await page(args, who, kind, action);
  try {
    // The API's calls, the user as the event's source.
    const { subscriptions, instalmentSchedules, billingRequestActions } = args.context.services;
    const actor = actorOf(who.user);
    await write(args.context, async (tx) => {
      if (action === 'pause') await subscriptions.pause(tx, actor, shown.id, {});
      else if (action === 'resume') await subscriptions.resume(tx, actor, shown.id);
      else if (kind === 'subscriptions') await subscriptions.cancel(tx, actor, shown.id);
      else if (kind === 'instalment-schedules') await instalmentSchedules.cancel(tx, actor, shown.id);
      else if (kind === 'billing-requests') await billingRequestActions.cancel(tx, actor, shown.id, {});
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    if (error.reason === 'resource_not_found') dashboardError(404, who.language, 'not_found');
    const t = dashboardTranslator(who.language);
    return json(
      { ...shown, error: t('records.refused', { reason: error.reason }) },
      { status: 422, headers: noStore() },
    );
  }
  return redirect(`/dashboard/${kind}/${shown.id}?done=${action}`, { status: 303, headers: noStore() });
}
