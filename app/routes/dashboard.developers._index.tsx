import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentDevelopers, submitDevelopers } from '../.server/dashboard/developers';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentDevelopers(args);
export const action = (args: ActionFunctionArgs) => submitDevelopers(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('dev.title')} – ${t('dash.name')}` }];
};

type Result = {
  errors: FieldError[];
  values?: { name: string; scope: string };
  created: { name: string; value: string } | null;
};

/** Access tokens: the list, a new one (its value shown once), and a link to disable each. */
export default function Developers() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<Result>();
  const t = dashboardTranslator(data.frame.language);
  const errorOf = (field: string) => result?.errors.find((e) => e.field === field)?.message;
  const admin = data.frame.role === 'admin';
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('dev.title')}>
      <Notice text={data.disabled ? t('dev.disabled', { name: data.disabled }) : null} />
      {result?.created ? (
        <div className="notice" role="status">
          <h2>{t('dev.token_created_title')}</h2>
          <p>{t('dev.token_once')}</p>
          <code className="secret" data-testid="new-token">
            {result.created.value}
          </code>
        </div>
      ) : null}
      <ul>
        <li>
          <a href="/dashboard/developers/webhooks">{t('hooks.title')}</a>
        </li>
        <li>
          <a href="/dashboard/developers/events">{t('dev.nav.events')}</a>
        </li>
        <li>
          <a href="/dashboard/developers/requests">{t('dev.nav.requests')}</a>
        </li>
        <li>
          <a href="/dashboard/developers/simulators">{t('dev.nav.simulators')}</a>
        </li>
        {data.sandbox ? (
          <li>
            <a href="/dashboard/mailbox">{t('dev.nav.mailbox')}</a>
          </li>
        ) : null}
      </ul>
      <h2>{t('dev.tokens')}</h2>
      {data.tokens.length ? (
        <div className="table-scroll" role="region" aria-label={t('dev.tokens')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('dev.token_name')}</th>
                <th scope="col">{t('dev.token_scope')}</th>
                <th scope="col">{t('dev.token_hint')}</th>
                <th scope="col">{t('dev.token_status')}</th>
                <th scope="col">{t('dev.token_created')}</th>
                <th scope="col">{t('dev.token_last_used')}</th>
                {admin ? <th scope="col">{t('dev.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {data.tokens.map((token) => (
                <tr key={token.id}>
                  <td>{token.name}</td>
                  <td>{t(`dev.scope.${token.scope}`)}</td>
                  <td>
                    <code>{token.hint}…</code>
                  </td>
                  <td>{t(`dev.status.${token.status}`)}</td>
                  <td>{token.created}</td>
                  <td data-testid="last-used">{token.lastUsed ?? t('dev.never_used')}</td>
                  {admin ? (
                    <td>
                      {token.status === 'active' ? (
                        <a
                          href={`/dashboard/developers/tokens/${token.id}/disable`}
                          aria-label={t('dev.disable_named', { name: token.name })}
                        >
                          {t('dev.disable')}
                        </a>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('dev.no_tokens')}</p>
      )}
      {admin ? (
        <>
          <h2>{t('dev.create_token')}</h2>
          <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
          <CsrfForm csrf={data.frame.csrf} action="/dashboard/developers?index">
            <Field
              name="name"
              label={t('dev.token_name')}
              maxLength={100}
              defaultValue={result?.values?.name}
              error={errorOf('name')}
            />
            <fieldset id="scope" aria-describedby={errorOf('scope') ? 'scope-error' : undefined}>
              <legend>{t('dev.token_scope')}</legend>
              {errorOf('scope') ? (
                <p id="scope-error" className="error-message">
                  {errorOf('scope')}
                </p>
              ) : null}
              {(['read_write', 'read_only'] as const).map((scope) => (
                <div className="choice" key={scope}>
                  <input
                    type="radio"
                    id={`scope-${scope}`}
                    name="scope"
                    value={scope}
                    defaultChecked={result?.values?.scope === scope}
                  />
                  <label htmlFor={`scope-${scope}`}>{t(`dev.scope.${scope}`)}</label>
                </div>
              ))}
            </fieldset>
            <button type="submit">{t('dev.create_submit')}</button>
          </CsrfForm>
        </>
      ) : null}
    </DashboardPage>
  );
}
