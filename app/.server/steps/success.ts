import { redirect } from '@remix-run/node';
import { nextPossibleChargeDate } from '../../../server/domain/schemes/charge-dates';
import type { Scheme } from '../../../server/domain/schemes/types';
import { frameData, merchantReturn, type FlowPage } from '../flow';
import { successMessage } from '../dropin';
import { mandateOf, mandatePdfLink, paymentOf } from '../payer-services';

/** What was set up, and the way back to the merchant (with `outcome=success`). */
export async function presentSuccess(page: FlowPage) {
  const { flow, view } = page.payer;
  const back = flow.redirect_uri ? merchantReturn(flow.redirect_uri, flow.id, 'success') : null;
  // In the drop-in the merchant page learns of the success by message, so the frame stays here.
  if (flow.skip_success_screen && back && !page.session.dropin) throw redirect(back, 303);
  const mandate = view.request.mandate_id ? await mandateOf(page.context, page.payer, view.request.mandate_id) : null;
  const payment = view.request.payment_id ? await paymentOf(page.context, page.payer, view.request.payment_id) : null;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(page.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const firstCharge = payment?.charge_date
    ? date(payment.charge_date)
    : mandate
      ? date(
          nextPossibleChargeDate(mandate.scheme as Scheme, {
            now: page.now,
            mandateActive: mandate.status === 'active',
          }),
        )
      : null;
  return {
    frame: frameData(page),
    mandateReference: mandate?.reference ?? null,
    instant: Boolean(payment && !mandate),
    firstCharge,
    email: view.customer.email,
    mandate: Boolean(mandate),
    // A copy of what the payer agreed to, in their language (a sealed link that expires).
    mandatePdf: mandate ? await mandatePdfLink(page.context, page.payer, mandate.id, page.language) : null,
    // The way back is always offered when there is one; returning by itself stays the merchant's choice.
    back,
    dropin: await successMessage(page),
    exit: flow.show_redirect_buttons && flow.exit_uri ? merchantReturn(flow.exit_uri, flow.id, 'failure') : null,
  };
}
