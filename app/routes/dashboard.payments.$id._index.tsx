import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentPayment } from '../.server/dashboard/records';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { Facts, SimulateLink, Timeline, money } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentPayment(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('records.payment', { id: data?.payment.id ?? '' })} – ${t('dash.name')}` }];
};

/** One payment: its fields, an admin's actions (each asks first) and its events. */
export default function Payment() {
  const { frame, payment: p, events, done, sandbox } = useLoaderData<typeof loader>();
  const t = dashboardTranslator(frame.language);
  const actions = [
    ['cancel', ['pending_customer_approval', 'pending_submission'].includes(p.status)],
    ['retry', ['failed', 'cancelled', 'charged_back'].includes(p.status) && p.mandate],
    ['refund', ['confirmed', 'paid_out'].includes(p.status) && p.amount > p.refunded],
  ] as const;
  return (
    <DashboardPage frame={frame} section="payments" title={t('records.payment', { id: p.id })}>
      <Notice text={done ? t(`records.done.${done as 'cancel' | 'retry' | 'refund'}`) : null} />
      <Facts
        rows={[
          [t('records.amount'), money(frame.language, p.amount, p.currency)],
          [t('records.refunded'), p.refunded ? money(frame.language, p.refunded, p.currency) : null],
          [t('records.status'), p.status],
          [t('records.charge_date'), p.chargeDate],
          [t('records.reference'), p.reference],
          [t('records.description'), p.description],
          [t('records.mandate'), p.mandate ? <a href={`/dashboard/mandates/${p.mandate}`}>{p.mandate}</a> : null],
          [t('records.customer'), p.customer ? <a href={`/dashboard/customers/${p.customer}`}>{p.customer}</a> : null],
          [t('records.payout'), p.payout ? <a href={`/dashboard/payouts/${p.payout}`}>{p.payout}</a> : null],
          [t('records.created'), p.created],
        ]}
      />
      {frame.role === 'admin' && actions.some(([, possible]) => possible) ? (
        <ul className="actions">
          {actions
            .filter(([, possible]) => possible)
            .map(([action]) => (
              <li key={action}>
                <a href={`/dashboard/payments/${p.id}/${action}`}>{t(`records.action.${action}`)}</a>
              </li>
            ))}
        </ul>
      ) : null}
      <SimulateLink frame={frame} sandbox={sandbox} id={p.id} />
      <Timeline t={t} events={events} />
      <p>
        <a href="/dashboard/payments">{t('records.back_payments')}</a>
      </p>
    </DashboardPage>
  );
}
