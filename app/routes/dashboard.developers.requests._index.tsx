import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentRequests } from '../.server/dashboard/requests';
import { DashboardPage } from '../components/DashboardPage';
import { Pager } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentRequests(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('requests.title')} – ${t('dash.name')}` }];
};

/** The API requests kept for the organisation, with the API's filters, as a GET form. */
export default function Requests() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const f = data.filter as Record<string, string | number | undefined>;
  const text = (name: string, label: string, type = 'text', hint?: string) => {
    const bad = data.bad.includes(name);
    const described = [hint ? `filter-${name}-hint` : '', bad ? `filter-${name}-error` : ''].join(' ').trim();
    return (
      <div className={`field${bad ? ' field-error' : ''}`}>
        <label htmlFor={`filter-${name}`}>{label}</label>
        {hint ? (
          <p className="hint" id={`filter-${name}-hint`}>
            {hint}
          </p>
        ) : null}
        {bad ? (
          <p className="error-message" id={`filter-${name}-error`}>
            {t('records.bad_filter')}
          </p>
        ) : null}
        <input
          id={`filter-${name}`}
          name={name}
          type={type}
          defaultValue={f[name] ?? ''}
          aria-describedby={described || undefined}
        />
      </div>
    );
  };
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('requests.title')}>
      <p>{t('requests.intro')}</p>
      <form method="get" action="/dashboard/developers/requests" className="filters" role="search">
        {text('status', t('requests.status'), 'text', t('requests.status_hint'))}
        {text('path', t('requests.path'), 'text', t('requests.path_hint'))}
        {text('resource', t('events.resource'), 'search', t('requests.resource_hint'))}
        {text('request_id', t('requests.request_id'))}
        {text('from', t('records.created_from'), 'date')}
        {text('to', t('records.created_to'), 'date')}
        <button type="submit">{t('records.filter_submit')}</button>
      </form>
      {data.rows.length ? (
        <div className="table-scroll" role="region" aria-label={t('requests.title')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.created')}</th>
                <th scope="col">{t('requests.method')}</th>
                <th scope="col">{t('requests.path')}</th>
                <th scope="col">{t('requests.status')}</th>
                <th scope="col">{t('requests.duration')}</th>
                <th scope="col">{t('requests.token')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.id} data-testid="row">
                  <td>
                    <a href={`/dashboard/developers/requests/${r.id}`}>{r.created}</a>
                  </td>
                  <td>{r.method}</td>
                  <td>{r.path}</td>
                  <td>{r.status}</td>
                  <td>{t('requests.ms', { ms: r.durationMs })}</td>
                  <td>{r.token}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('records.none')}</p>
      )}
      <Pager t={t} base="/dashboard/developers/requests" query={data.query} cursors={data.cursors} />
      <p>
        <a href="/dashboard/developers">{t('dev.title')}</a>
      </p>
    </DashboardPage>
  );
}
