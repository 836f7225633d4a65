import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentBankReports, submitBankReport } from '../.server/dashboard/bank-reports';
import { DashboardPage } from '../components/DashboardPage';
import { ErrorSummary } from '../components/Form';
import { Pager } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentBankReports(args);
export const action = (args: ActionFunctionArgs) => submitBankReport(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('reports.title')} – ${t('dash.name')}` }];
};

/** The bank's reports: upload one (a plain multipart form), and the list, newest first, a cursor a page. */
export default function BankReports() {
  const loaded = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const data = refused ?? loaded;
  const t = dashboardTranslator(data.frame.language);
  const errorOf = (field: string) => data.errors.find((e) => e.field === field)?.message;
  const described = (field: string) => [`${field}-hint`, errorOf(field) ? `${field}-error` : ''].join(' ').trim();
  return (
    <DashboardPage frame={data.frame} section="bank-reports" title={t('reports.title')}>
      <ErrorSummary title={t('dash.error_summary')} errors={data.errors} />
      <p>{t('reports.intro')}</p>
      {data.frame.role === 'admin' ? (
        <section aria-labelledby="upload">
          <h2 id="upload">{t('reports.upload_heading')}</h2>
          <form method="post" action="/dashboard/bank-reports?index" encType="multipart/form-data" noValidate>
            <input type="hidden" name="csrf" value={data.frame.csrf} />
            <div className={errorOf('format') ? 'field field-error' : 'field'}>
              <label htmlFor="format">{t('reports.format')}</label>
              <p id="format-hint" className="hint">
                {t('reports.format_hint')}
              </p>
              {errorOf('format') ? (
                <p id="format-error" className="error-message">
                  {errorOf('format')}
                </p>
              ) : null}
              <select id="format" name="format" aria-describedby={described('format')}>
                {data.formats.map((f) => (
                  <option key={f} value={f}>
                    {f}
                  </option>
                ))}
              </select>
            </div>
            <div className={errorOf('file') ? 'field field-error' : 'field'}>
              <label htmlFor="file">{t('reports.file')}</label>
              <p id="file-hint" className="hint">
                {t('reports.file_hint')}
              </p>
              {errorOf('file') ? (
                <p id="file-error" className="error-message" data-testid="file-error">
                  {errorOf('file')}
                </p>
              ) : null}
              <input id="file" name="file" type="file" aria-describedby={described('file')} />
            </div>
            <button type="submit">{t('reports.upload')}</button>
          </form>
        </section>
      ) : null}
      <section aria-labelledby="reports">
        <h2 id="reports">{t('reports.list')}</h2>
        {data.rows.length ? (
          <div className="table-scroll" role="region" aria-labelledby="reports" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('reports.file_name')}</th>
                  <th scope="col">{t('reports.format')}</th>
                  <th scope="col">{t('records.created')}</th>
                  <th scope="col">{t('reports.items')}</th>
                  <th scope="col">{t('reports.applied')}</th>
                  <th scope="col">{t('reports.unmatched')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r) => (
                  <tr key={r.id} data-testid="report">
                    <td>
                      <a href={`/dashboard/bank-reports/${r.id}`}>{r.fileName ?? r.id}</a>
                    </td>
                    <td>{r.format}</td>
                    <td>{r.created}</td>
                    <td>{r.items}</td>
                    <td>{r.applied}</td>
                    <td>{r.unmatched}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t('reports.none')}</p>
        )}
        <Pager t={t} base="/dashboard/bank-reports" query={data.query} cursors={data.cursors} />
      </section>
    </DashboardPage>
  );
}
