import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentCustomer } from '../.server/dashboard/records';
import { DashboardPage } from '../components/DashboardPage';
import { Facts, Timeline } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentCustomer(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('records.customer_title', { id: data?.customer.id ?? '' })} – ${t('dash.name')}` }];
};

/** One customer: their details, links to their mandates and payments, and their events. */
export default function Customer() {
  const { frame, customer: c, events } = useLoaderData<typeof loader>();
  const t = dashboardTranslator(frame.language);
  return (
    <DashboardPage frame={frame} section="customers" title={t('records.customer_title', { id: c.id })}>
      <Facts
        rows={[
          [t('records.name'), c.name],
          [t('records.email'), c.email],
          [t('records.country'), c.country],
          [t('records.created'), c.created],
        ]}
      />
      <ul>
        <li>
          <a href={`/dashboard/mandates?customer=${c.id}`}>{t('records.mandates_of_customer')}</a>
        </li>
        <li>
          <a href={`/dashboard/payments?customer=${c.id}`}>{t('records.payments_of_customer')}</a>
        </li>
      </ul>
      <Timeline t={t} events={events} />
      <p>
        <a href="/dashboard/customers">{t('records.back_customers')}</a>
      </p>
    </DashboardPage>
  );
}
