import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentDeliveryRetry, submitDeliveryRetry } from '../.server/dashboard/webhook-deliveries';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentDeliveryRetry(args);
export const action = (args: ActionFunctionArgs) => submitDeliveryRetry(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('deliveries.confirm_title', { id: data?.delivery.id ?? '' })} – ${t('dash.name')}` }];
};

/** Asks before retrying a delivery; what the service refuses is shown here (422) and nothing is made. */
export default function DeliveryRetry() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<{ error: string | null; reason?: string; cause?: string }>();
  const t = dashboardTranslator(data.frame.language);
  const { endpoint, delivery } = data;
  const page = `/dashboard/developers/webhooks/${endpoint.id}/deliveries/${delivery.id}`;
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('deliveries.confirm_title', { id: delivery.id })}>
      {refused?.error ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p data-testid="refusal" data-reason={refused.reason} data-cause={refused.cause}>
            {refused.error}
          </p>
        </div>
      ) : null}
      <p>{t('deliveries.confirm_body', { count: delivery.eventCount, url: endpoint.url })}</p>
      <CsrfForm csrf={data.frame.csrf} action={`${page}/retry`}>
        <button type="submit">{t('deliveries.confirm_submit')}</button>
      </CsrfForm>
      <p>
        <a href={page}>{t('dash.cancel')}</a>
      </p>
    </DashboardPage>
  );
}
