import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentPaymentAction, submitPaymentAction } from '../.server/dashboard/record-actions';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm, Field } from '../components/Form';
import { money } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentPaymentAction(args);
export const action = (args: ActionFunctionArgs) => submitPaymentAction(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  const title = data ? t(`records.confirm.${data.action}`, { id: data.payment.id }) : '';
  return [{ title: `${title} – ${t('dash.name')}` }];
};

/** Asks before cancelling, retrying or refunding a payment; a refund asks how much. */
export default function PaymentAction() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<{ error: string | null; typed?: string }>();
  const t = dashboardTranslator(data.frame.language);
  const { payment: p, action } = data;
  const error = refused?.error ?? null;
  return (
    <DashboardPage frame={data.frame} section="payments" title={t(`records.confirm.${action}`, { id: p.id })}>
      {error && action !== 'refund' ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p data-testid="refusal">{error}</p>
        </div>
      ) : null}
      <p>{t(`records.confirm_body.${action}`, { amount: money(data.frame.language, p.amount, p.currency) })}</p>
      <CsrfForm csrf={data.frame.csrf} action={`/dashboard/payments/${p.id}/${action}`}>
        {action === 'refund' ? (
          <Field
            name="amount"
            label={t('records.refund_amount', { currency: p.currency })}
            hint={t('records.refund_hint', { amount: money(data.frame.language, p.refundable, p.currency) })}
            inputMode="decimal"
            defaultValue={refused?.typed ?? (p.refundable / 100).toFixed(2)}
            error={error ?? undefined}
          />
        ) : null}
        <button type="submit" className="warning">
          {t(`records.action.${action}`)}
        </button>
      </CsrfForm>
      <p>
        <a href={`/dashboard/payments/${p.id}`}>{t('dash.cancel')}</a>
      </p>
    </DashboardPage>
  );
}
