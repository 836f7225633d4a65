import type { MetaFunction, SerializeFrom } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import type { presentMoneyCancel } from '../.server/dashboard/money-actions';
import type { presentMoneyList, presentMoneyRecord } from '../.server/dashboard/money-records';
import type { Cell } from '../.server/dashboard/money-views';
import { dashboardTranslator, type DashboardMessageKey, type DashboardTranslate } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';
import { DashboardPage, Notice } from './DashboardPage';
import { CsrfForm } from './Form';
import { Facts, FilterForm, Pager, Timeline, money, type FilterChoice, type LinkFilter } from './RecordList';

/**
 * The pages of subscriptions, instalment schedules, refunds, payouts and billing requests: one
 * list page and one record page, the same for every kind (their route modules only name the kind).
 */
type Kind = 'subscriptions' | 'instalment-schedules' | 'refunds' | 'payouts' | 'billing-requests';
type ListData = SerializeFrom<typeof presentMoneyList>;
type RecordData = SerializeFrom<typeof presentMoneyRecord>;
type CancelData = SerializeFrom<typeof presentMoneyCancel>;

const TITLES: Record<Kind, DashboardMessageKey> = {
  subscriptions: 'dash.nav.subscriptions',
  'instalment-schedules': 'dash.nav.instalment-schedules',
  refunds: 'dash.nav.refunds',
  payouts: 'dash.nav.payouts',
  'billing-requests': 'dash.nav.billing-requests',
};
const RECORD_TITLES: Record<Kind, DashboardMessageKey> = {
  subscriptions: 'money.title.subscription',
  'instalment-schedules': 'money.title.instalment_schedule',
  refunds: 'money.title.refund',
  payouts: 'money.title.payout',
  'billing-requests': 'money.title.billing_request',
};
const CSV_LINKS: Record<Kind, DashboardMessageKey> = {
  subscriptions: 'money.csv.subscriptions',
  'instalment-schedules': 'money.csv.instalment_schedules',
  refunds: 'money.csv.refunds',
  payouts: 'money.csv.payouts',
  'billing-requests': 'money.csv.billing_requests',
};

/** A cell as the reader sees it: money in their language, links as links. */
function Shown({ language, cell }: { language: Language; cell: Cell }) {
  if (cell === null || typeof cell !== 'object') return <>{cell}</>;
  if ('href' in cell) return <a href={cell.href}>{cell.text}</a>;
  return <>{money(language, cell.amount, cell.currency)}</>;
}

export const moneyListMeta: MetaFunction = ({ data }) => {
  const d = data as ListData | undefined;
  const t = dashboardTranslator((d?.frame.language ?? 'en') as Language);
  return [{ title: `${d ? t(TITLES[d.kind]) : ''} – ${t('dash.name')}` }];
};

export const moneyRecordMeta: MetaFunction = ({ data }) => {
  const d = data as RecordData | undefined;
  const t = dashboardTranslator((d?.frame.language ?? 'en') as Language);
  return [{ title: `${d ? t(RECORD_TITLES[d.kind], { id: d.id }) : ''} – ${t('dash.name')}` }];
};

/** A kind's list, newest first, filtered as the API's list is, with the same list as CSV. */
export function MoneyList() {
  const data = useLoaderData<ListData>();
  const t = dashboardTranslator(data.frame.language);
  const kind = data.kind;
  const base = `/dashboard/${kind}`;
  const query = new URLSearchParams(data.query);
  query.delete('after');
  query.delete('before');
  return (
    <DashboardPage frame={data.frame} section={kind} title={t(TITLES[kind])}>
      <FilterForm
        language={data.frame.language}
        action={base}
        filter={data.filter}
        bad={data.bad}
        statuses={data.form.statuses ?? undefined}
        choices={data.form.choices as FilterChoice[]}
        links={data.form.fields as LinkFilter[]}
        searchHint={t(data.form.hint as DashboardMessageKey)}
      />
      <p>
        <a href={`${base}/export.csv?${query.toString()}`} download>
          {t(CSV_LINKS[kind])}
        </a>
      </p>
      {data.rows.length ? (
        <div className="table-scroll" role="region" aria-label={t(TITLES[kind])} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('records.id')}</th>
                {data.columns.map((c) => (
                  <th scope="col" key={c}>
                    {t(c as DashboardMessageKey)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.id} data-testid="row">
                  <td>
                    <a href={`${base}/${r.id}`}>{r.id}</a>
                  </td>
                  {(r.cells as Cell[]).map((cell, i) => (
                    <td key={i}>
                      <Shown language={data.frame.language} cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('records.none')}</p>
      )}
      <Pager t={t} base={base} query={data.query} cursors={data.cursors} />
    </DashboardPage>
  );
}

function PayoutItems({ t, language, data }: { t: DashboardTranslate; language: Language; data: RecordData }) {
  if (!data.items) return null;
  return (
    <section aria-labelledby="items">
      <h2 id="items">{t('money.items')}</h2>
      {data.items.length ? (
        <div className="table-scroll" role="region" aria-labelledby="items" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('money.item_type')}</th>
                <th scope="col">{t('records.amount')}</th>
                <th scope="col">{t('money.item_record')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.id} data-testid="item">
                  <td>{i.type}</td>
                  <td>
                    <Shown language={language} cell={i.amount as Cell} />
                  </td>
                  <td>
                    <Shown language={language} cell={i.record as Cell} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('records.none')}</p>
      )}
      {data.itemsAfter ? (
        <p>
          <a href={`/dashboard/payouts/${data.id}?items_after=${data.itemsAfter}`}>{t('money.more_items')}</a>
        </p>
      ) : null}
    </section>
  );
}

/** One record: its fields, what belongs to it (a schedule's payments, a payout's items) and its events. */
export function MoneyRecord() {
  const data = useLoaderData<RecordData>();
  const { frame, kind } = data;
  const t = dashboardTranslator(frame.language);
  return (
    <DashboardPage frame={frame} section={kind} title={t(RECORD_TITLES[kind], { id: data.id })}>
      <Notice text={data.done ? t(`money.done.${data.done}`) : null} />
      <Facts
        rows={data.facts.map((f) => [
          t(f.label as DashboardMessageKey),
          f.value === null ? null : <Shown language={frame.language} cell={f.value as Cell} />,
        ])}
      />
      {data.payments ? (
        <section aria-labelledby="payments">
          <h2 id="payments">{t('money.payments')}</h2>
          <ul>
            {data.payments.map((id) => (
              <li key={id}>
                <a href={`/dashboard/payments/${id}`}>{id}</a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {frame.role === 'admin' && (data.cancellable || data.sandbox) ? (
        <ul className="actions">
          {data.pausable ? (
            <li>
              <a href={`/dashboard/${kind}/${data.id}/pause`}>{t('money.action.pause')}</a>
            </li>
          ) : null}
          {data.resumable ? (
            <li>
              <a href={`/dashboard/${kind}/${data.id}/resume`}>{t('money.action.resume')}</a>
            </li>
          ) : null}
          {data.cancellable ? (
            <li>
              <a href={`/dashboard/${kind}/${data.id}/cancel`}>{t('money.action.cancel')}</a>
            </li>
          ) : null}
          {data.sandbox ? (
            <li>
              <a href={`/dashboard/developers/simulators?resource=${data.id}`}>{t('money.action.simulate')}</a>
            </li>
          ) : null}
        </ul>
      ) : null}
      <PayoutItems t={t} language={frame.language} data={data} />
      <Timeline t={t} events={data.events} />
      <p>
        <a href={`/dashboard/${kind}`}>{t('money.back', { list: t(TITLES[kind]) })}</a>
      </p>
    </DashboardPage>
  );
}

export const moneyCancelMeta: MetaFunction = ({ data }) => {
  const d = data as CancelData | undefined;
  const t = dashboardTranslator((d?.frame.language ?? 'en') as Language);
  return [{ title: `${d ? t(`money.confirm.${d.action}`, { id: d.id }) : ''} – ${t('dash.name')}` }];
};

/** Asks before cancelling, pausing or resuming; what the service refuses is shown here and nothing changes. */
export function MoneyCancel() {
  const data = useLoaderData<CancelData>();
  const refused = useActionData<{ error: string | null }>();
  const t = dashboardTranslator(data.frame.language);
  const base = `/dashboard/${data.kind}/${data.id}`;
  return (
    <DashboardPage frame={data.frame} section={data.kind} title={t(`money.confirm.${data.action}`, { id: data.id })}>
      {refused?.error ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p data-testid="refusal">{refused.error}</p>
        </div>
      ) : null}
      <p>{t(`money.confirm_body.${data.action}`)}</p>
      <CsrfForm csrf={data.frame.csrf} action={`${base}/${data.action}`}>
        <button type="submit" className={data.action === 'resume' ? undefined : 'warning'}>
          {t(`money.action.${data.action}`)}
        </button>
      </CsrfForm>
      <p>
        <a href={base}>{t('dash.cancel')}</a>
      </p>
    </DashboardPage>
  );
}
