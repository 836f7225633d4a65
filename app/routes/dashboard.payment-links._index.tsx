import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { presentPaymentLinks, submitPaymentLink, type PaymentLinkValues } from '../.server/dashboard/payment-links';
import { DashboardPage } from '../components/DashboardPage';
import { CsrfForm, ErrorSummary, Field, type FieldError } from '../components/Form';
import { dashboardTranslator } from '../../i18n/dashboard';
import type { Language } from '../../i18n/flow';

export const loader = (args: LoaderFunctionArgs) => presentPaymentLinks(args);
export const action = (args: ActionFunctionArgs) => submitPaymentLink(args);

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const t = dashboardTranslator((data?.frame.language ?? 'en') as Language);
  return [{ title: `${t('links.title')} – ${t('dash.name')}` }];
};

/** A new payment link: what the payer pays, for what; the link's page follows. Or the way to a reusable one. */
export default function PaymentLinks() {
  const { frame } = useLoaderData<typeof loader>();
  const result = useActionData<{ errors: FieldError[]; values: PaymentLinkValues }>();
  const t = dashboardTranslator(frame.language);
  const errorOf = (field: string) => result?.errors.find((e) => e.field === field)?.message;
  return (
    <DashboardPage frame={frame} section="links" title={t('links.title')}>
      <p>{t('links.intro')}</p>
      <h2>{t('links.one_off')}</h2>
      {frame.role === 'admin' ? (
        <>
          <ErrorSummary title={t('dash.error_summary')} errors={result?.errors ?? []} />
          <CsrfForm csrf={frame.csrf} action="/dashboard/payment-links?index">
            <Field
              name="description"
              label={t('links.description')}
              maxLength={255}
              defaultValue={result?.values.description}
              error={errorOf('description')}
            />
            <Field
              name="amount"
              label={t('links.amount')}
              hint={t('links.amount_hint')}
              inputMode="decimal"
              defaultValue={result?.values.amount}
              error={errorOf('amount')}
            />
            <div className={errorOf('currency') ? 'field field-error' : 'field'}>
              <label htmlFor="currency">{t('links.currency')}</label>
              {errorOf('currency') ? (
                <p id="currency-error" className="error-message">
                  {errorOf('currency')}
                </p>
              ) : null}
              <select id="currency" name="currency" defaultValue={result?.values.currency || 'GBP'}>
                <option value="GBP">GBP</option>
                <option value="EUR">EUR</option>
              </select>
            </div>
            <button type="submit">{t('links.create')}</button>
          </CsrfForm>
        </>
      ) : (
        <p>{t('links.admins_only')}</p>
      )}
      <h2>{t('links.reusable')}</h2>
      <p>{t('templates.intro')}</p>
      <ul>
        {frame.role === 'admin' ? (
          <li>
            <a href="/dashboard/payment-links/templates/new">{t('templates.create')}</a>
          </li>
        ) : null}
        <li>
          <a href="/dashboard/payment-links/templates">{t('templates.list_link')}</a>
        </li>
      </ul>
    </DashboardPage>
  );
}
