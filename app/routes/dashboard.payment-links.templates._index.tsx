import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentTemplates } from '../.server/dashboard/payment-link-templates';
import { DashboardPage } from '../components/DashboardPage';
import { Pager, money } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentTemplates(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('templates.title')} – ${t('dash.name')}` }];
};

/** The organisation's reusable links, newest first, 25 a page. */
export default function Templates() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const base = '/dashboard/payment-links/templates';
  return (
    <DashboardPage frame={data.frame} section="links" title={t('templates.title')}>
      <p>{t('templates.intro')}</p>
      {data.frame.role === 'admin' ? (
        <p>
          <a href={`${base}/new`}>{t('templates.create')}</a>
        </p>
      ) : null}
      {data.rows.length ? (
        <div className="table-scroll" role="region" aria-label={t('templates.title')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.name')}</th>
                <th scope="col">{t('links.description')}</th>
                <th scope="col">{t('records.amount')}</th>
                <th scope="col">{t('records.created')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.id} data-testid="row">
                  <td>
                    <a href={`${base}/${row.id}`}>{row.name || row.id}</a>
                  </td>
                  <td>{row.description}</td>
                  <td>{row.amount && row.currency ? money(data.frame.language, row.amount, row.currency) : ''}</td>
                  <td>{row.created}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('templates.none')}</p>
      )}
      <Pager t={t} base={base} query={data.query} cursors={data.cursors} />
      <p>
        <a href="/dashboard/payment-links">{t('links.title')}</a>
      </p>
    </DashboardPage>
  );
}
