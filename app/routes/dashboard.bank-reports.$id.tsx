import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentBankReport } from '../.server/dashboard/bank-reports';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { Facts, Pager } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentBankReport(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('reports.report_title', { id: data?.report.id ?? '' })} – ${t('dash.name')}` }];
};

/** One bank report: its counts, and each item with what it did and a link to what it changed. */
export default function BankReport() {
  const data = useLoaderData<typeof loader>();
  const t = dashboardTranslator(data.frame.language);
  const { report } = data;
  const base = `/dashboard/bank-reports/${report.id}`;
  return (
    <DashboardPage frame={data.frame} section="bank-reports" title={t('reports.report_title', { id: report.id })}>
      <Notice text={data.done ? t(`reports.done.${data.done}`) : null} />
      <p>
        <a href="/dashboard/bank-reports">{t('reports.back')}</a>
      </p>
      <Facts
        rows={[
          [t('reports.file_name'), report.fileName],
          [t('reports.format'), report.format],
          [t('records.created'), report.created],
          [t('reports.items'), String(report.items)],
          [t('reports.applied'), <span data-testid="applied">{report.applied}</span>],
          [t('reports.unmatched'), <span data-testid="unmatched">{report.unmatched}</span>],
        ]}
      />
      <section aria-labelledby="items">
        <h2 id="items">{t('reports.items')}</h2>
        <nav aria-label={t('reports.show')}>
          <ul className="inline-list">
            <li>
              <a href={base} aria-current={data.unmatchedOnly ? undefined : 'page'}>
                {t('reports.all_items')}
              </a>
            </li>
            <li>
              <a href={`${base}?outcome=unmatched`} aria-current={data.unmatchedOnly ? 'page' : undefined}>
                {t('reports.unmatched_only')}
              </a>
            </li>
          </ul>
        </nav>
        {data.items.length ? (
          <div className="table-scroll" role="region" aria-labelledby="items" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('reports.line')}</th>
                  <th scope="col">{t('reports.kind')}</th>
                  <th scope="col">{t('records.reference')}</th>
                  <th scope="col">{t('reports.reason_code')}</th>
                  <th scope="col">{t('reports.outcome')}</th>
                  <th scope="col">{t('reports.changed')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((i) => (
                  <tr key={i.id} data-testid="item">
                    <td>{i.line}</td>
                    <td>{i.kind}</td>
                    <td>{i.reference}</td>
                    <td>{i.reasonCode ?? ''}</td>
                    <td>{t(`reports.outcome.${i.outcome}`)}</td>
                    <td>{i.href ? <a href={i.href}>{i.resource}</a> : (i.resource ?? '')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t('records.none')}</p>
        )}
        <Pager t={t} base={base} query={data.query} cursors={data.cursors} />
      </section>
    </DashboardPage>
  );
}
