import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentPayments } from '../.server/dashboard/records';
import { DashboardPage } from '../components/DashboardPage';
import { FilterForm, Pager, money } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentPayments(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('records.payments')} – ${t('dash.name')}` }];
};

const STATUSES = [
  'pending_customer_approval',
  'pending_submission',
  'submitted',
  'confirmed',
  'paid_out',
  'cancelled',
  'customer_approval_denied',
  'failed',
  'charged_back',
] as const;

type Row = {
  id: string;
  amount: number;
  currency: string;
  status: string;
  chargeDate: string | null;
  reference: string | null;
  created: string;
};

/** The payments, newest first, filtered as the API's list is; the same list as CSV. */
export default function Payments() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const rows = data.rows as unknown as Row[];
  const query = new URLSearchParams(data.query);
  query.delete('after');
  query.delete('before');
  return (
    <DashboardPage frame={data.frame} section="payments" title={t('records.payments')}>
      <FilterForm
        language={data.frame.language}
        action="/dashboard/payments"
        filter={data.filter}
        bad={data.bad}
        statuses={STATUSES}
        links={['mandate', 'customer']}
        searchHint={t('records.search_payments')}
      />
      <p>
        <a href={`/dashboard/payments/export.csv?${query.toString()}`} download>
          {t('records.csv')}
        </a>
      </p>
      {rows.length ? (
        <div className="table-scroll" role="region" aria-label={t('records.payments')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.id')}</th>
                <th scope="col">{t('records.amount')}</th>
                <th scope="col">{t('records.status')}</th>
                <th scope="col">{t('records.charge_date')}</th>
                <th scope="col">{t('records.reference')}</th>
                <th scope="col">{t('records.created')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id} data-testid="row">
                  <td>
                    <a href={`/dashboard/payments/${p.id}`}>{p.id}</a>
                  </td>
                  <td>{money(data.frame.language, p.amount, p.currency)}</td>
                  <td>{p.status}</td>
                  <td>{p.chargeDate}</td>
                  <td>{p.reference}</td>
                  <td>{p.created}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('records.none')}</p>
      )}
      <Pager t={t} base="/dashboard/payments" query={data.query} cursors={data.cursors} />
    </DashboardPage>
  );
}
