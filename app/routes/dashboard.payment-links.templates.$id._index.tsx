import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentTemplate } from '../.server/dashboard/payment-link-templates';
import { DashboardPage, Notice } from '../components/DashboardPage';
import { Facts, Pager, money } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentTemplate(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${data?.template.name || t('templates.page_title')} – ${t('dash.name')}` }];
};

/**
 * A reusable link: the address to share, its QR code (the link's own PNG and SVG, the same for
 * every payer), and the billing requests its payers have made, each with its status.
 */
export default function Template() {
  const { frame, done, template, requests, cursors, query } = useLoaderData<typeof loader>();
  const t = dashboardTranslator(frame.language);
  const base = `/dashboard/payment-links/templates/${template.id}`;
  const qr = new URL(template.url).pathname;
  return (
    <DashboardPage frame={frame} section="links" title={template.name || t('templates.page_title')}>
      <Notice text={done ? t(`templates.done.${done}`) : null} />
      <p>
        <label htmlFor="link-url">{t('links.share')}</label>
        <input id="link-url" type="url" readOnly value={template.url} className="link-url" data-testid="link-url" />
      </p>
      <Facts
        rows={[
          [t('links.description'), template.description],
          [
            t('records.amount'),
            template.amount && template.currency ? money(frame.language, template.amount, template.currency) : null,
          ],
          [t('templates.mandate_scheme'), template.scheme],
          [t('records.created'), template.created],
        ]}
      />
      <img src={`${qr}/qr.svg`} alt={t('links.qr_alt', { url: template.url })} width={200} height={200} />
      <ul>
        <li>
          <a href={`${qr}/qr.png`} download={`${template.id}-qr.png`}>
            {t('links.download_png')}
          </a>
        </li>
        <li>
          <a href={`${qr}/qr.svg`} download={`${template.id}-qr.svg`}>
            {t('links.download_svg')}
          </a>
        </li>
      </ul>
      {frame.role === 'admin' ? (
        <p>
          <a href={`${base}/edit`}>{t('templates.edit')}</a>
        </p>
      ) : null}
      <section aria-labelledby="requests">
        <h2 id="requests">{t('templates.requests')}</h2>
        {requests.length ? (
          <div className="table-scroll" role="region" aria-labelledby="requests" tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('templates.billing_request')}</th>
                  <th scope="col">{t('templates.payer')}</th>
                  <th scope="col">{t('records.status')}</th>
                  <th scope="col">{t('records.created')}</th>
                </tr>
              </thead>
              <tbody>
                {requests.map((r) => (
                  <tr key={r.id} data-testid="row">
                    <td>
                      <a href={`/dashboard/billing-requests/${r.id}`}>{r.id}</a>
                    </td>
                    <td>{r.payer || '—'}</td>
                    <td data-testid="request-status">{r.status}</td>
                    <td>{r.created}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t('templates.no_requests')}</p>
        )}
        <Pager t={t} base={base} query={query} cursors={cursors} />
      </section>
      <p>
        <a href="/dashboard/payment-links/templates">{t('templates.back')}</a>
      </p>
    </DashboardPage>
  );
}
