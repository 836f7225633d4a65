import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentSecurity, submitSecurity } from '../.server/dashboard/security';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentSecurity(args);
export const action = (args: ActionFunctionArgs) => submitSecurity(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('sec.title')} – ${t('dash.name')}` }];
};

/** Two-step verification on or off, and signing out of every session at once. */
export default function Security() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<{ errors: FieldError[] }>();
  const t = dashboardTranslator(data.frame.language);
  const done =
    data.done === 'totp_on' ? t('sec.totp_enabled') : data.done === 'totp_off' ? t('sec.totp_disabled') : null;
  return (
    <DashboardPage frame={data.frame} section="security" title={t('sec.title')}>
      <Notice text={done} />
      <h2>{t('sec.totp')}</h2>
      <p>{data.totpOn ? t('sec.totp_on') : t('sec.totp_off')}</p>
      {data.totpOn ? (
        <CsrfForm csrf={data.frame.csrf} action="/dashboard/security">
          <button type="submit" name="intent" value="totp_off" className="secondary">
            {t('sec.totp_disable')}
          </button>
        </CsrfForm>
      ) : data.setup ? (
        <>
          <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
          <p>{t('sec.totp_secret')}</p>
          <code className="secret" data-testid="totp-secret">
            {data.setup}
          </code>
          <CsrfForm csrf={data.frame.csrf} action="/dashboard/security">
            <Field
              name="code"
              label={t('code.label')}
              hint={t('code.hint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              error={result?.errors[0]?.message}
            />
            <button type="submit" name="intent" value="totp_confirm">
              {t('sec.totp_confirm')}
            </button>
          </CsrfForm>
        </>
      ) : (
        <CsrfForm csrf={data.frame.csrf} action="/dashboard/security">
          <button type="submit" name="intent" value="totp_start">
            {t('sec.totp_start')}
          </button>
        </CsrfForm>
      )}
      <h2>{t('sec.everywhere')}</h2>
      <p>{t('sec.everywhere_hint')}</p>
      <CsrfForm csrf={data.frame.csrf} action="/dashboard/sign-out">
        <button type="submit" name="everywhere" value="yes" className="warning">
          {t('sec.everywhere')}
        </button>
      </CsrfForm>
    </DashboardPage>
  );
}
