import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentEndpoints, submitNewEndpoint } from '../.server/dashboard/webhooks';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentEndpoints(args);
export const action = (args: ActionFunctionArgs) => submitNewEndpoint(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('hooks.title')} – ${t('dash.name')}` }];
};

type Result = { errors: FieldError[]; typed?: string; created: { url: string; secret: string } | null };

/** The organisation's webhook endpoints, and a new one (its signing secret shown once). */
export default function WebhookEndpoints() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const t = dashboardTranslator(data.frame.language);
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('hooks.title')}>
      {result?.created ? (
        <div className="notice" role="status">
          <h2>{t('hooks.created_title')}</h2>
          <p>{t('hooks.secret_once')}</p>
          <code className="secret" data-testid="new-secret">
            {result.created.secret}
          </code>
        </div>
      ) : null}
      {data.endpoints.length ? (
        <div className="table-scroll" role="region" aria-label={t('hooks.title')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('hooks.url')}</th>
                <th scope="col">{t('hooks.status')}</th>
                <th scope="col">{t('hooks.secret_hint')}</th>
              </tr>
            </thead>
            <tbody>
              {data.endpoints.map((e) => (
                <tr key={e.id}>
                  <td>
                    <a href={`/dashboard/developers/webhooks/${e.id}`} aria-label={t('hooks.view', { url: e.url })}>
                      {e.url}
                    </a>
                  </td>
                  <td>{e.enabled ? t('hooks.enabled') : t('hooks.disabled')}</td>
                  <td>
                    <code>{e.hint}…</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('hooks.none')}</p>
      )}
      {data.frame.role === 'admin' ? (
        <>
          <h2>{t('hooks.create')}</h2>
          <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
          <CsrfForm csrf={data.frame.csrf} action="/dashboard/developers/webhooks?index">
            <Field
              name="url"
              label={t('hooks.url')}
              hint={t('hooks.url_hint')}
              type="url"
              maxLength={2000}
              spellCheck={false}
              defaultValue={result?.typed}
              error={result?.errors[0]?.message}
            />
            <button type="submit">{t('hooks.create_submit')}</button>
          </CsrfForm>
        </>
      ) : null}
      <p>
        <a href="/dashboard/developers">{t('dev.title')}</a>
      </p>
    </DashboardPage>
  );
}
