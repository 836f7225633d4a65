import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { effectiveScheme, mandateSpec } from '../../server/domain/billing-requests/actions';
import { schemeIdentifierFor } from '../../server/domain/creditors/scheme-identifiers';
import { mandateText } from '../../server/domain/schemes/mandate-texts';
import { CsrfForm } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { frameData, guardStep, loadFlowPage, nextLocation, readForm, seeOther, stepPath } from '../.server/flow';
import { translator } from '../i18n';
import { flowMeta } from '../components/meta';
import { payerName } from '../../server/domain/customers/name';

export const meta = flowMeta('confirm.title');

/** The summary the payer confirms: who they are, the masked account, the payment, the scheme's mandate text. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'confirm');
  const { view, flow, actor } = page.payer;
  const { customer, billingDetail, bankAccount, request: br } = view;
  const creditor = await context.services.creditors.get(actor, br.creditor_id);
  const scheme = effectiveScheme(br);
  const money = (amount: number, currency: string) =>
    new Intl.NumberFormat(page.language, { style: 'currency', currency }).format(amount / 100);
  const payment = br.payment_request
    ? {
        amount: money(br.payment_request.amount, br.payment_request.currency),
        description: br.payment_request.description ?? null,
      }
    : null;
  const text = mandateSpec(br)
    ? mandateText(scheme, page.language, {
        creditorName: creditor.name,
        creditorAddress:
          [creditor.address_line1, creditor.city, creditor.postal_code].filter(Boolean).join(', ') || null,
        creditorIdentifier: schemeIdentifierFor(creditor, scheme).reference,
        consentType: br.mandate_request?.consent_type ?? null,
        businessPad: Boolean(customer.company_name),
        amountDescription: payment?.amount ?? null,
      })
    : null;
  return json(
    {
      frame: frameData(page),
      you: {
        name: payerName(customer),
        email: customer.email,
        address: [
          billingDetail.address_line1,
          billingDetail.address_line2,
          billingDetail.city,
          billingDetail.region,
          billingDetail.postal_code,
          billingDetail.country_code,
        ]
          .filter(Boolean)
          .join(', '),
      },
      account: bankAccount
        ? {
            holder: bankAccount.account_holder_name,
            bank: bankAccount.bank_name,
            ending: bankAccount.account_number_ending,
          }
        : null,
      payment,
      text,
      creditorIdentifier: text ? schemeIdentifierFor(creditor, scheme).reference : null,
      change: {
        details: flow.lock_customer_details ? null : stepPath(flow.id, 'details'),
        account: flow.lock_bank_account ? null : stepPath(flow.id, 'account'),
      },
    },
    page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined,
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'confirm');
  await readForm(request, page);
  await context.services.payerFlows.confirm(page.payer);
  return seeOther(await nextLocation(page));
}

export default function Confirm() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('confirm.title')}>
      <section aria-labelledby="you">
        <h2 id="you">{t('confirm.you')}</h2>
        <dl className="summary">
          <dt>{t('field.given_name')}</dt>
          <dd>{data.you.name}</dd>
          {data.you.email ? (
            <>
              <dt>{t('field.email')}</dt>
              <dd>{data.you.email}</dd>
            </>
          ) : null}
          {data.you.address ? (
            <>
              <dt>{t('field.address_line1')}</dt>
              <dd>{data.you.address}</dd>
            </>
          ) : null}
        </dl>
        {data.change.details ? (
          <a href={data.change.details}>
            {t('common.change')}
            <span className="visually-hidden"> {t('confirm.you')}</span>
          </a>
        ) : null}
      </section>
      {data.account ? (
        <section aria-labelledby="account">
          <h2 id="account">{t('confirm.account')}</h2>
          <dl className="summary">
            <dt>{t('field.account_holder_name')}</dt>
            <dd>{data.account.holder}</dd>
            <dt>{t('account.title')}</dt>
            <dd>
              {data.account.bank ? `${data.account.bank}, ` : ''}
              {t('confirm.account_ending', { ending: data.account.ending })}
            </dd>
          </dl>
          {data.change.account ? (
            <a href={data.change.account}>
              {t('common.change')}
              <span className="visually-hidden"> {t('confirm.account')}</span>
            </a>
          ) : null}
        </section>
      ) : null}
      {data.payment ? (
        <section aria-labelledby="payment">
          <h2 id="payment">{t('confirm.payment')}</h2>
          <p>{t('confirm.amount', { amount: data.payment.amount, creditor: data.frame.creditorName })}</p>
          {data.payment.description ? <p>{data.payment.description}</p> : null}
        </section>
      ) : null}
      {data.text ? (
        <section className="mandate-text" aria-labelledby="mandate-text-title" lang={data.frame.language}>
          {data.text.logo === 'direct_debit' ? (
            <img src="/assets/direct-debit.svg" alt="Direct Debit" width={96} height={32} />
          ) : null}
          <h2 id="mandate-text-title">{data.text.title}</h2>
          {data.text.paragraphs.map((p: string, i: number) => (
            <p key={i}>{p}</p>
          ))}
          <p className="hint">
            {t('confirm.creditor_identifier')}: {data.creditorIdentifier}
          </p>
        </section>
      ) : null}
      <CsrfForm csrf={data.frame.csrf}>
        {data.text ? <p className="agreement">{data.text.agreement}</p> : null}
        <button type="submit">{t('confirm.button')}</button>
      </CsrfForm>
    </PayerPage>
  );
}
