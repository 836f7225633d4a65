import type { LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentEndpoint } from '../.server/dashboard/webhooks';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { Pager } from '../components/RecordList';
import { dashboardTranslator, type DashboardTranslate } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentEndpoint(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('hooks.endpoint_title', { url: data?.endpoint.url ?? '' })} – ${t('dash.name')}` }];
};

/** The deliveries' status filter: a GET form, so a filtered list is a link and works without JavaScript. */
function StatusFilter({ data, t }: { data: SerializeFrom<typeof loader>; t: DashboardTranslate }) {
  const bad = data.bad.includes('status');
  return (
    <form method="get" action={`/dashboard/developers/webhooks/${data.endpoint.id}`} className="filters" role="search">
      <div className={`field${bad ? ' field-error' : ''}`}>
        <label htmlFor="filter-status">{t('hooks.status')}</label>
        {bad ? (
          <p className="error-message" id="filter-status-error">
            {t('records.bad_filter')}
          </p>
        ) : null}
        <select
          id="filter-status"
          name="status"
          defaultValue={data.filter.status ?? ''}
          aria-describedby={bad ? 'filter-status-error' : undefined}
        >
          <option value="">{t('records.any_status')}</option>
          {data.statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">{t('records.filter_submit')}</button>
    </form>
  );
}

/** One endpoint: its state, its actions (each asked first on a page of its own) and its deliveries, a page at a time. */
export default function WebhookEndpoint() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const { endpoint } = data;
  const base = `/dashboard/developers/webhooks/${endpoint.id}`;
  const actions = (['rotate', endpoint.enabled ? 'disable' : 'enable', 'test'] as const).filter(Boolean);
  return (
    <DashboardPage frame={data.frame} section="developers" title={t('hooks.endpoint_title', { url: endpoint.url })}>
      <Notice text={data.done && data.done !== 'rotate' ? t(`hooks.done.${data.done}`) : null} />
      <dl className="summary">
        <dt>{t('hooks.status')}</dt>
        <dd>{endpoint.enabled ? t('hooks.enabled') : t('hooks.disabled')}</dd>
        <dt>{t('hooks.secret_hint')}</dt>
        <dd>
          <code>{endpoint.hint}…</code>
        </dd>
      </dl>
      {data.frame.role === 'admin' ? (
        <>
          <h2>{t('hooks.actions')}</h2>
          <ul>
            {actions.map((action) => (
              <li key={action}>
                <a href={`${base}/${action}`}>{t(`hooks.action.${action}`)}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2 id="deliveries">{t('deliveries.title')}</h2>
      <StatusFilter data={data} t={t} />
      {data.deliveries.length ? (
        <div className="table-scroll" role="region" aria-labelledby="deliveries" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.id')}</th>
                <th scope="col">{t('hooks.delivery_created')}</th>
                <th scope="col">{t('hooks.status')}</th>
                <th scope="col">{t('hooks.delivery_code')}</th>
                <th scope="col">{t('hooks.delivery_attempts')}</th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((d) => (
                <tr key={d.id} data-testid="delivery">
                  <td>
                    <a href={`${base}/deliveries/${d.id}`}>{d.id}</a>
                  </td>
                  <td>
                    {d.created}
                    {d.test ? ` (${t('hooks.delivery_test')})` : ''}
                  </td>
                  <td>
                    <code>{d.status}</code>
                  </td>
                  <td>{d.code ?? '—'}</td>
                  <td>{d.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{data.filter.status || data.bad.length ? t('records.none') : t('deliveries.none')}</p>
      )}
      <Pager t={t} base={base} query={data.query} cursors={data.cursors} />
      <p>
        <a href="/dashboard/developers/webhooks">{t('hooks.back')}</a>
      </p>
    </DashboardPage>
  );
}
