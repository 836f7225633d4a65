import { redirect } from '@remix-run/node';
import { isInstantPayment } from '../../../server/domain/billing-requests/actions';
import { nextPossibleChargeDate } from '../../../server/domain/schemes/charge-dates';
import type { Scheme } from '../../../server/domain/schemes/types';
import { frameData, merchantReturn, type FlowPage } from '../flow';
import { successMessage } from '../dropin';
import { mandateOf, mandatePdfLink, paymentOf } from '../payer-services';

/**
 * How a scheme names what the payer set up (issue #38.6): a Direct Debit (Bacs, SEPA, BECS,
 * Autogiro, Betalingsservice), an ACH "authorization", a PAD "agreement", or an agreement at the
 * bank (PayTo, a VRP consent). Bacs is its own kind only for its confirmation's 3 working days.
 */
type MandateKind = 'bacs' | 'dd' | 'ach' | 'pad' | 'agreement';

const kindOf = (scheme: string): MandateKind =>
  scheme === 'bacs'
    ? 'bacs'
    : scheme === 'ach'
      ? 'ach'
      : scheme === 'pad'
        ? 'pad'
        : scheme === 'pay_to' || scheme === 'faster_payments'
          ? 'agreement'
          : 'dd';

/**
 * What was paid or set up, when, to whom and under which reference, and what happens next: one
 * true sentence per fact, in the scheme's words (issue #38.6). The mandate's confirmation is
 * mailed by the service (or by the merchant that took the notice over, decision 0038), so the page
 * says it will be, never that it was; an instant payment alone has no notice, so it promises none.
 */
export async function presentSuccess(page: FlowPage) {
  const { flow, view } = page.payer;
  const back = flow.redirect_uri ? merchantReturn(flow.redirect_uri, flow.id, 'success') : null;
  // In the drop-in the merchant page learns of the success by message, so the frame stays here.
  if (flow.skip_success_screen && back && !page.session.dropin) throw redirect(back, 303);
  const mandate = view.request.mandate_id ? await mandateOf(page.context, page.payer, view.request.mandate_id) : null;
  const payment = view.request.payment_id ? await paymentOf(page.context, page.payer, view.request.payment_id) : null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(page.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(page.locale, { style: 'currency', currency }).format(amount / 100);
  const today = page.now.toISOString().slice(0, 10);

  // The money an instant payment moved, at the bank, before this page.
  const instant = payment && isInstantPayment(view.request) ? payment : null;
  const paidOn = instant ? (instant.charge_date ?? instant.created_at.toISOString().slice(0, 10)) : null;
  const paid =
    instant && paidOn
      ? {
          amount: money(Number(instant.amount), instant.currency),
          date: date(paidOn),
          today: paidOn === today,
          reference: instant.reference ?? instant.id,
        }
      : null;

  // The mandate's first collection, when one is known: a Direct Debit payment, or a subscription.
  const collected = payment && !instant ? payment : null;
  const subscription = view.request.subscription_request;
  const firstCollection = !mandate
    ? null
    : collected?.charge_date
      ? { date: date(collected.charge_date), exact: true }
      : subscription?.start_date
        ? { date: date(subscription.start_date), exact: true }
        : subscription
          ? {
              date: date(
                nextPossibleChargeDate(mandate.scheme as Scheme, {
                  now: page.now,
                  mandateActive: mandate.status === 'active',
                }),
              ),
              exact: false,
            }
          : null;

  return {
    frame: frameData(page),
    kind: mandate ? kindOf(mandate.scheme) : null,
    mandateReference: mandate?.reference ?? null,
    paid,
    firstCollection,
    email: view.customer.email,
    // A creditor responsible for its own notices sends the confirmation; the service says so.
    confirmationByCreditor: page.creditor.merchant_responsible_for_notifications,
    // A copy of what the payer agreed to, in their language (a sealed link that expires).
    mandatePdf: mandate ? await mandatePdfLink(page.context, page.payer, mandate.id, page.language) : null,
    // The way back is always offered when there is one; returning by itself stays the merchant's choice.
    back,
    dropin: await successMessage(page),
    exit: flow.show_redirect_buttons && flow.exit_uri ? merchantReturn(flow.exit_uri, flow.id, 'failure') : null,
  };
}
