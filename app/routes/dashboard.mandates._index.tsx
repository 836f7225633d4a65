import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentMandates } from '../.server/dashboard/records';
import { DashboardPage } from '../components/DashboardPage';
import { FilterForm, Pager } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentMandates(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('records.mandates')} – ${t('dash.name')}` }];
};

const STATUSES = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'active',
  'suspended_by_payer',
  'failed',
  'cancelled',
  'expired',
  'consumed',
  'blocked',
] as const;

type Row = { id: string; status: string; scheme: string; reference: string; created: string };

/** The mandates, newest first, filtered as the API's list is. */
export default function Mandates() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const rows = data.rows as unknown as Row[];
  const query = new URLSearchParams(data.query);
  query.delete('after');
  query.delete('before');
  return (
    <DashboardPage frame={data.frame} section="mandates" title={t('records.mandates')}>
      <FilterForm
        language={data.frame.language}
        action="/dashboard/mandates"
        filter={data.filter}
        bad={data.bad}
        statuses={STATUSES}
        links={['customer']}
        searchHint={t('records.search_mandates')}
      />
      <p>
        <a href={`/dashboard/mandates/export.csv?${query.toString()}`} download>
          {t('records.csv_mandates')}
        </a>
      </p>
      {rows.length ? (
        <div className="table-scroll" role="region" aria-label={t('records.mandates')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.id')}</th>
                <th scope="col">{t('records.status')}</th>
                <th scope="col">{t('records.scheme')}</th>
                <th scope="col">{t('records.reference')}</th>
                <th scope="col">{t('records.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => (
                <tr key={m.id} data-testid="row">
                  <td>
                    <a href={`/dashboard/mandates/${m.id}`}>{m.id}</a>
                  </td>
                  <td>{m.status}</td>
                  <td>{m.scheme}</td>
                  <td>{m.reference}</td>
                  <td>{m.created}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('records.none')}</p>
      )}
      <Pager t={t} base="/dashboard/mandates" query={data.query} cursors={data.cursors} />
    </DashboardPage>
  );
}
