import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentCustomers } from '../.server/dashboard/records';
import { DashboardPage } from '../components/DashboardPage';
import { FilterForm, Pager } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentCustomers(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('records.customers')} – ${t('dash.name')}` }];
};

type Row = { id: string; email: string | null; name: string | null; created: string };

/** The customers, newest first; search by id, whole email or the start of a name. */
export default function Customers() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const rows = data.rows as unknown as Row[];
  const query = new URLSearchParams(data.query);
  query.delete('after');
  query.delete('before');
  return (
    <DashboardPage frame={data.frame} section="customers" title={t('records.customers')}>
      <FilterForm
        language={data.frame.language}
        action="/dashboard/customers"
        filter={data.filter}
        bad={data.bad}
        searchHint={t('records.search_customers')}
      />
      <p>
        <a href={`/dashboard/customers/export.csv?${query.toString()}`} download>
          {t('records.csv_customers')}
        </a>
      </p>
      {rows.length ? (
        <div className="table-scroll" role="region" aria-label={t('records.customers')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.id')}</th>
                <th scope="col">{t('records.name')}</th>
                <th scope="col">{t('records.email')}</th>
                <th scope="col">{t('records.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-testid="row">
                  <td>
                    <a href={`/dashboard/customers/${c.id}`}>{c.id}</a>
                  </td>
                  <td>{c.name}</td>
                  <td>{c.email}</td>
                  <td>{c.created}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('records.none')}</p>
      )}
      <Pager t={t} base="/dashboard/customers" query={data.query} cursors={data.cursors} />
    </DashboardPage>
  );
}
