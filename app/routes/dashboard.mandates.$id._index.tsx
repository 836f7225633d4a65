import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentMandate } from '../.server/dashboard/records';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { Facts, SimulateLink, Timeline } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentMandate(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('records.mandate_title', { id: data?.mandate.id ?? '' })} – ${t('dash.name')}` }];
};

const CANCELLABLE = ['pending_customer_approval', 'pending_submission', 'submitted', 'active', 'suspended_by_payer'];

/** One mandate: its fields, its payments, cancel (an admin's, asking first) and its events. */
export default function Mandate() {
  const { frame, mandate: m, events, done, sandbox } = useLoaderData<typeof loader>();
  const t = dashboardTranslator(frame.language);
  return (
    <DashboardPage frame={frame} section="mandates" title={t('records.mandate_title', { id: m.id })}>
      <Notice text={done ? t('records.done.cancel_mandate') : null} />
      <Facts
        rows={[
          [t('records.status'), m.status],
          [t('records.scheme'), m.scheme],
          [t('records.reference'), m.reference],
          [t('records.customer'), <a href={`/dashboard/customers/${m.customer}`}>{m.customer}</a>],
          [t('records.created'), m.created],
        ]}
      />
      <p>
        <a href={`/dashboard/payments?mandate=${m.id}`}>{t('records.payments_of_mandate')}</a>
      </p>
      {frame.role === 'admin' && CANCELLABLE.includes(m.status) ? (
        <p>
          <a href={`/dashboard/mandates/${m.id}/cancel`}>{t('records.action.cancel_mandate')}</a>
        </p>
      ) : null}
      <SimulateLink frame={frame} sandbox={sandbox} id={m.id} />
      <Timeline t={t} events={events} />
      <p>
        <a href="/dashboard/mandates">{t('records.back_mandates')}</a>
      </p>
    </DashboardPage>
  );
}
