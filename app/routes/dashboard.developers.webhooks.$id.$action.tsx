import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentEndpointAction, submitEndpointAction } from '../.server/dashboard/webhooks';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentEndpointAction(args);
export const action = (args: ActionFunctionArgs) => submitEndpointAction(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: data ? `${t(`hooks.action.${data.action}`)} – ${t('dash.name')}` : t('dash.name') }];
};

/** Asks before an endpoint's action; a rotation then shows the new secret, this once. */
export default function EndpointAction() {
  const asked = useLoaderData<typeof loader>();
  const done = useActionData<typeof action>();
  const data = done && 'secret' in done ? done : asked;
  const t = dashboardTranslator(data.frame.language);
  const back = `/dashboard/developers/webhooks/${data.endpoint.id}`;
  if (data.secret) {
    return (
      <DashboardPage frame={data.frame} section="developers" title={t('hooks.done.rotate')}>
        <div className="notice" role="status">
          <p>{t('hooks.secret_once')}</p>
          <code className="secret" data-testid="new-secret">
            {data.secret}
          </code>
        </div>
        <p>
          <a href={back}>{t('hooks.endpoint_title', { url: data.endpoint.url })}</a>
        </p>
      </DashboardPage>
    );
  }
  return (
    <DashboardPage frame={data.frame} section="developers" title={t(`hooks.action.${data.action}`)}>
      <p>{t(`hooks.confirm.${data.action}`, { url: data.endpoint.url })}</p>
      <CsrfForm csrf={data.frame.csrf} action={`${back}/${data.action}`}>
        <button type="submit" className={data.action === 'test' ? undefined : 'warning'}>
          {t('hooks.confirm_submit')}
        </button>
      </CsrfForm>
      <p>
        <a href={back}>{t('dash.cancel')}</a>
      </p>
    </DashboardPage>
  );
}
