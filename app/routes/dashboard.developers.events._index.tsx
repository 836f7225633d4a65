import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentEvents } from '../.server/dashboard/developer-tools';
import { DashboardPage } from '../components/DashboardPage';
import { Pager } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentEvents(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('events.title')} – ${t('dash.name')}` }];
};

/** The events explorer: the API's events list and filters, as a GET form (a filtered list is a link). */
export default function Events() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const f = data.filter as Record<string, string | undefined>;
  const badNote = (name: string) =>
    data.bad.includes(name) ? (
      <p className="error-message" id={`filter-${name}-error`}>
        {name === 'resource' && f.resource && f.resource_type ? t('events.both') : t('records.bad_filter')}
      </p>
    ) : null;
  const described = (name: string, hint?: boolean) =>
    [hint ? `filter-${name}-hint` : '', data.bad.includes(name) ? `filter-${name}-error` : ''].join(' ').trim() ||
    undefined;
  const text = (name: string, label: string, type = 'text', hint?: string) => (
    <div className={`field${data.bad.includes(name) ? ' field-error' : ''}`}>
      <label htmlFor={`filter-${name}`}>{label}</label>
      {hint ? (
        <p className="hint" id={`filter-${name}-hint`}>
          {hint}
        </p>
      ) : null}
      {badNote(name)}
      <input
        id={`filter-${name}`}
        name={name}
        type={type}
        defaultValue={f[name] ?? ''}
        aria-describedby={described(name, !!hint)}
      />
    </div>
  );
  const query = new URLSearchParams(data.query);
  query.delete('after');
  query.delete('before');
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('events.title')}>
      <form method="get" action="/dashboard/developers/events" className="filters" role="search">
        {text('resource', t('events.resource'), 'search', t('events.resource_hint'))}
        <div className={`field${data.bad.includes('resource_type') ? ' field-error' : ''}`}>
          <label htmlFor="filter-resource_type">{t('events.resource_type')}</label>
          {badNote('resource_type')}
          <select
            id="filter-resource_type"
            name="resource_type"
            defaultValue={f.resource_type ?? ''}
            aria-describedby={described('resource_type')}
          >
            <option value="">{t('money.any')}</option>
            {data.types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </div>
        {text('action', t('events.action'), 'text', t('events.action_hint'))}
        {text('from', t('records.created_from'), 'date')}
        {text('to', t('records.created_to'), 'date')}
        <button type="submit">{t('records.filter_submit')}</button>
      </form>
      <p>
        <a href={`/dashboard/developers/events/export.csv?${query.toString()}`} download>
          {t('events.csv')}
        </a>
      </p>
      {data.rows.length ? (
        <div className="table-scroll" role="region" aria-label={t('events.title')} tabIndex={0}>
          <table className="events-table">
            <colgroup>
              <col className="col-id" />
              <col className="col-created" />
              <col className="col-type" />
              <col className="col-action" />
              <col className="col-id" />
              <col className="col-source" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">{t('records.id')}</th>
                <th scope="col">{t('records.created')}</th>
                <th scope="col">{t('events.resource_type')}</th>
                <th scope="col">{t('events.action')}</th>
                <th scope="col">{t('events.record')}</th>
                <th scope="col">{t('records.source')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((e) => (
                <tr key={e.id} data-testid="row">
                  <td>
                    <a href={`/dashboard/developers/events/${e.id}`}>{e.id}</a>
                  </td>
                  <td>{e.created}</td>
                  <td>{e.resourceType}</td>
                  <td>{e.action}</td>
                  <td>{e.record}</td>
                  <td>{e.source || e.origin}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('records.none')}</p>
      )}
      <Pager t={t} base="/dashboard/developers/events" query={data.query} cursors={data.cursors} />
      <p>
        <a href="/dashboard/developers">{t('dev.title')}</a>
      </p>
    </DashboardPage>
  );
}
