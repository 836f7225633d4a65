import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentDisableToken, submitDisableToken } from '../.server/dashboard/developers';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentDisableToken(args);
export const action = (args: ActionFunctionArgs) => submitDisableToken(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('dev.disable_confirm_title', { name: data?.token.name ?? '' })} – ${t('dash.name')}` }];
};

/** Asks before disabling a token: the form is the confirmation, the link back is the way out. */
export default function DisableToken() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  return (
    <DashboardPage
      frame={data.frame}
      section="developers"
      title={t('dev.disable_confirm_title', { name: data.token.name })}
    >
      <p>{t('dev.disable_confirm_body')}</p>
      <CsrfForm csrf={data.frame.csrf} action={`/dashboard/developers/tokens/${data.token.id}/disable`}>
        <button type="submit" className="warning">
          {t('dev.disable_submit')}
        </button>
      </CsrfForm>
      <p>
        <a href="/dashboard/developers">{t('dash.cancel')}</a>
      </p>
    </DashboardPage>
  );
}
