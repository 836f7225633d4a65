import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentEndpoint } from '../.server/dashboard/webhooks';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { dashboardTranslator } from '../i18n/dashboard';
import type { Language } from '../i18n';

export const loader = (args: LoaderFunctionArgs) => presentEndpoint(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('hooks.endpoint_title', { url: data?.endpoint.url ?? '' })} – ${t('dash.name')}` }];
};

/** One endpoint: its state, its actions (each asked first on a page of its own) and its latest deliveries. */
export default function WebhookEndpoint() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const { endpoint } = data;
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
                <a href={`/dashboard/developers/webhooks/${endpoint.id}/${action}`}>{t(`hooks.action.${action}`)}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>{t('hooks.deliveries')}</h2>
      {data.deliveries.length ? (
        <div className="table-scroll" role="region" aria-label={t('hooks.deliveries')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('hooks.delivery_created')}</th>
                <th scope="col">{t('hooks.status')}</th>
                <th scope="col">{t('hooks.delivery_code')}</th>
                <th scope="col">{t('hooks.delivery_attempts')}</th>
              </tr>
            </thead>
            <tbody>
              {data.deliveries.map((d) => (
                <tr key={d.id}>
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
        <p>{t('hooks.no_deliveries')}</p>
      )}
      <p>
        <a href="/dashboard/developers/webhooks">{t('hooks.back')}</a>
      </p>
    </DashboardPage>
  );
}
