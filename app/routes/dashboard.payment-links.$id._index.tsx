import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { presentPaymentLink } from '../.server/dashboard/payment-links';
import { DashboardPage } from '../components/DashboardPage';
import { Facts, money } from '../components/RecordList';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentPaymentLink(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('links.link_title')} – ${t('dash.name')}` }];
};

/** A payment link: the address to share, its QR code, and where the payer has got to. */
export default function PaymentLink() {
  const { frame, link } = useLoaderData<typeof loader>();
  const t = dashboardTranslator(frame.language);
  const base = `/dashboard/payment-links/${link.id}`;
  return (
    <DashboardPage frame={frame} section="links" title={t('links.link_title')}>
      <p>
        <label htmlFor="link-url">{t('links.share')}</label>
        <input id="link-url" type="url" readOnly value={link.url} className="link-url" data-testid="link-url" />
      </p>
      {/* Live (with JavaScript): app/enhance/payer.js asks `data-live-link` and fills in the status and
          the payment as they change, announced politely. Without it, the link below reloads the page. */}
      <div aria-live="polite" data-live-link={link.live ?? undefined}>
        <Facts
          rows={[
            [t('links.description'), link.description],
            [t('records.amount'), money(frame.language, link.amount, link.currency)],
            [
              t('records.status'),
              <span data-live-field="status" data-testid="link-status">
                {link.status}
              </span>,
            ],
            [t('links.expires'), link.expires],
            [
              t('links.payment'),
              <span data-live-field="payment" data-testid="link-payment">
                {link.payment ? <a href={`/dashboard/payments/${link.payment}`}>{link.payment}</a> : '—'}
              </span>,
            ],
          ]}
        />
      </div>
      <img src={`${base}/qr.svg`} alt={t('links.qr_alt', { url: link.url })} width={200} height={200} />
      <ul>
        <li>
          <a href={`${base}/qr.png`} download>
            {t('links.download_png')}
          </a>
        </li>
        <li>
          <a href={`${base}/qr.svg`} download>
            {t('links.download_svg')}
          </a>
        </li>
      </ul>
      <p>
        <a href={base}>{t('links.refresh')}</a>
      </p>
    </DashboardPage>
  );
}
