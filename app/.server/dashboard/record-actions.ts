import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { isDomainError } from '../../../server/domain/shared/errors';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { actorOf, adminForm, dashboardError, noStore, signedIn, type SignedIn } from './guard';
import { frameOf, owned } from './records';

/**
 * An admin's actions on a payment (cancel, retry, refund) and a mandate (cancel). Each asks first on
 * its own page (a plain form, so it works without JavaScript); the form carries the CSRF token; a
 * viewer gets the 403 page before anything is read. The services write the event, its source the
 * signed-in user (`actorOf`). What the services refuse (a payment already submitted, say) is shown
 * on the confirmation page with the API's reason, and nothing is written.
 */
type RecordAction = 'cancel' | 'retry' | 'refund';
const PAYMENT_ACTIONS: RecordAction[] = ['cancel', 'retry', 'refund'];

function actionOf(args: LoaderFunctionArgs, who: SignedIn): RecordAction {
  const action = args.params.action as RecordAction;
  if (!PAYMENT_ACTIONS.includes(action)) dashboardError(404, who.language, 'not_found');
  return action;
}

async function confirmation(args: LoaderFunctionArgs, who: SignedIn) {
  const action = actionOf(args, who);
  const p = await owned(who, () =>
    args.context.services.payments.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );
  const refundable = p.amount - p.amount_refunded;
  return { frame: frameOf(who), action, payment: { id: p.id, amount: p.amount, currency: p.currency, refundable } };
}

export async function presentPaymentAction(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json({ ...(await confirmation(args, who)), error: null as string | null }, { headers: noStore() });
}

/** `12.50` (the currency's major unit, two decimals at most) as integer minor units. */
export function minorUnits(value: FormDataEntryValue | null): number | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The API's refusal, on the confirmation page (422), or a rethrow of anything else. */
function refused(error: unknown, who: SignedIn, page: object) {
  if (!isDomainError(error)) throw error;
  if (error.reason === 'resource_not_found') dashboardError(404, who.language, 'not_found');
  const t = dashboardTranslator(who.language);
  return json(
    { ...page, error: t('records.refused', { reason: error.reason }), reason: error.reason as string },
    { status: 422, headers: noStore() },
  );
}

export async function submitPaymentAction(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const page = await confirmation(args, who);
  const t = dashboardTranslator(who.language);
  // What was typed comes back into the field on a refusal, as it was typed.
  const typed = String(who.form.get('amount') ?? '').slice(0, 30);
  let amount = 0;
  if (page.action === 'refund') {
    const parsed = minorUnits(typed);
    if (!parsed || parsed > page.payment.refundable)
      return json({ ...page, error: t('records.refund_amount_invalid'), typed }, { status: 400, headers: noStore() });
    amount = parsed;
  }
  try {
    const { payments, refunds } = args.context.services;
    const [actor, id] = [actorOf(who.user), page.payment.id];
    await write(args.context, async (tx) => {
      if (page.action === 'cancel') await payments.cancel(tx, actor, id);
      if (page.action === 'retry') await payments.retry(tx, actor, id, {});
      if (page.action === 'refund') await refunds.create(tx, actor, { payment: id }, { amount });
    });
  } catch (error) {
    return refused(error, who, { ...page, typed });
  }
  return redirect(`/dashboard/payments/${page.payment.id}?done=${page.action}`, { status: 303, headers: noStore() });
}

async function mandatePage(args: LoaderFunctionArgs, who: SignedIn) {
  const m = await owned(who, () =>
    args.context.services.mandates.get(args.context.services.db, actorOf(who.user), args.params.id ?? ''),
  );
  return { frame: frameOf(who), mandate: { id: m.id, reference: m.reference } };
}

export async function presentMandateCancel(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  return json({ ...(await mandatePage(args, who)), error: null as string | null }, { headers: noStore() });
}

export async function submitMandateCancel(args: ActionFunctionArgs) {
  const who = await adminForm(args);
  const page = await mandatePage(args, who);
  try {
    await write(args.context, (tx) => args.context.services.mandates.cancel(tx, actorOf(who.user), page.mandate.id));
  } catch (error) {
    return refused(error, who, page);
  }
  return redirect(`/dashboard/mandates/${page.mandate.id}?done=cancel`, { status: 303, headers: noStore() });
}
