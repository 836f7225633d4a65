import { json, redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { nextPossibleChargeDate } from '../../server/domain/schemes/charge-dates';
import type { Scheme } from '../../server/domain/schemes/types';
import { PayerPage } from '../components/PayerPage';
import { frameData, guardStep, loadFlowPage, merchantReturn } from '../.server/flow';
import { translator } from '../i18n';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('success.title');

/** What was set up, and the way back to the merchant (with `outcome=success`). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'success');
  const { flow, view, actor } = page.payer;
  const back = flow.redirect_uri ? merchantReturn(flow.redirect_uri, flow.id, 'success') : null;
  if (flow.skip_success_screen && back) throw redirect(back, 303);
  const mandate = view.request.mandate_id ? await context.services.mandates.get(actor, view.request.mandate_id) : null;
  const payment = view.request.payment_id ? await context.services.payments.get(actor, view.request.payment_id) : null;
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
  return json({
    frame: frameData(page),
    mandateReference: mandate?.reference ?? null,
    instant: Boolean(payment && !mandate),
    firstCharge,
    email: view.customer.email,
    back: flow.show_success_redirect_button || flow.show_redirect_buttons ? back : null,
    exit: flow.show_redirect_buttons && flow.exit_uri ? merchantReturn(flow.exit_uri, flow.id, 'failure') : null,
  });
}

export default function Success() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t('success.title')}>
      <p role="status">{data.instant ? t('success.payment', { creditor }) : t('success.mandate', { creditor })}</p>
      {data.mandateReference ? <p>{t('success.reference', { reference: data.mandateReference })}</p> : null}
      {data.firstCharge && !data.instant ? <p>{t('success.first_charge', { date: data.firstCharge })}</p> : null}
      {data.email ? <p>{t('success.email', { email: data.email })}</p> : null}
      {data.back ? (
        <p>
          <a className="button" href={data.back}>
            {t('success.return', { creditor })}
          </a>
        </p>
      ) : null}
      {data.exit ? (
        <p>
          <a href={data.exit}>{t('common.exit', { creditor })}</a>
        </p>
      ) : null}
    </PayerPage>
  );
}
