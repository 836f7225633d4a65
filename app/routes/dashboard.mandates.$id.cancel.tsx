import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentMandateCancel, submitMandateCancel } from '../.server/dashboard/record-actions';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentMandateCancel(args);
export const action = (args: ActionFunctionArgs) => submitMandateCancel(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('records.confirm.cancel_mandate', { id: data?.mandate.id ?? '' })} – ${t('dash.name')}` }];
};

/** Asks before cancelling a mandate (its pending payments are cancelled with it). */
export default function CancelMandate() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<{ error: string | null }>();
  const t = dashboardTranslator(data.frame.language);
  const { mandate: m } = data;
  return (
    <DashboardPage frame={data.frame} section="mandates" title={t('records.confirm.cancel_mandate', { id: m.id })}>
      {refused?.error ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p data-testid="refusal">{refused.error}</p>
        </div>
      ) : null}
      <p>{t('records.confirm_body.cancel_mandate')}</p>
      <CsrfForm csrf={data.frame.csrf} action={`/dashboard/mandates/${m.id}/cancel`}>
        <button type="submit" className="warning">
          {t('records.action.cancel_mandate')}
        </button>
      </CsrfForm>
      <p>
        <a href={`/dashboard/mandates/${m.id}`}>{t('dash.cancel')}</a>
      </p>
    </DashboardPage>
  );
}
