import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentHome } from '../.server/dashboard/home';
import { CollectedChart, formatMoney } from '../components/CollectedChart';
import { DashboardPage } from '../components/DashboardPage';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentHome(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('home.title')} – ${t('dash.name')}` }];
};

/** Home: balances, money collected per day over 90 days, failure and chargeback rates, what needs attention. */
export default function Home() {
  const data = useLoaderData<typeof loader>();
  const { language } = data.frame;
  const t = dashboardTranslator(language);
  const attention = [
    ...data.negative.map((b) =>
      t('home.attention_negative', {
        balance: t(`home.balance.${b.type}`),
        creditor: b.creditor,
        amount: formatMoney(b.amount, b.currency, language),
      }),
    ),
    data.failed.count ? t('home.attention_failed', { count: data.failed.count }) : null,
    data.chargedBack.count ? t('home.attention_chargebacks', { count: data.chargedBack.count }) : null,
  ].filter((line): line is string => line !== null);
  return (
    <DashboardPage frame={data.frame} section="home" title={t('home.title')}>
      <h2>{t('home.attention')}</h2>
      {attention.length ? (
        <ul>
          {attention.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>{t('home.attention_none')}</p>
      )}
      <h2>{t('home.balances')}</h2>
      {data.balances.length ? (
        <div className="table-scroll" role="region" aria-label={t('home.balances')} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('home.creditor')}</th>
                <th scope="col">{t('home.balance_type')}</th>
                <th scope="col">{t('home.amount')}</th>
              </tr>
            </thead>
            <tbody>
              {data.balances.map((b) => (
                <tr key={`${b.creditor}-${b.type}-${b.currency}`}>
                  <td>{b.creditor}</td>
                  <td>
                    {t(`home.balance.${b.type}`)}
                    <span className="hint">{t(`home.balance.${b.type}.hint`)}</span>
                  </td>
                  <td>{formatMoney(b.amount, b.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('home.no_balances')}</p>
      )}
      <h2>{t('home.collected')}</h2>
      {data.series.length ? (
        data.series.map((series) => (
          <CollectedChart
            key={series.currency}
            series={series}
            since={data.since}
            today={data.today}
            language={language}
            t={t}
          />
        ))
      ) : (
        <p>{t('home.nothing_collected')}</p>
      )}
      <h2>{t('home.rates')}</h2>
      <dl className="summary">
        <dt>{t('home.failure_rate')}</dt>
        <dd>{t('home.rate_of', { rate: data.failed.rate, count: data.failed.count, total: data.total })}</dd>
        <dt>{t('home.chargeback_rate')}</dt>
        <dd>{t('home.rate_of', { rate: data.chargedBack.rate, count: data.chargedBack.count, total: data.total })}</dd>
      </dl>
    </DashboardPage>
  );
}
