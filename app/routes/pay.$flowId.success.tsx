import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PayerPage } from '../components/PayerPage';
import { DropinMessage } from '../components/DropinMessage';
import { showStep } from '../.server/steps/run-step';
import { presentSuccess } from '../.server/steps/success';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('success.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'success', presentSuccess);

/**
 * What was paid or set up, when, to whom and its reference, in a confirmation panel and a summary
 * list; then what happens next, one sentence per fact in the scheme's words (issue #38.6).
 */
export default function Success() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  const { kind, paid } = data;
  // Bacs says "Direct Debit" like the other Direct Debits; only its confirmation's timing is its own.
  const words = kind === 'bacs' ? 'dd' : kind;
  const reference = data.mandateReference ?? paid?.reference ?? null;
  const panel = reference ? (
    <>
      {t('success.your_reference')}
      <strong>{reference}</strong>
    </>
  ) : undefined;
  // The mandate's confirmation: who sends it, and in the scheme's words where to.
  const confirmation = !kind
    ? null
    : data.confirmationByCreditor
      ? t('success.confirmation_by_creditor', { creditor })
      : data.email
        ? t(`success.confirmation.${kind}`, { email: data.email })
        : null;
  return (
    <PayerPage {...data.frame} title={t('success.title')} panel={panel}>
      <DropinMessage dropin={data.dropin} />
      <div role="status">
        {paid ? (
          <p>
            {paid.today
              ? t('success.paid_today', { amount: paid.amount, creditor })
              : t('success.paid_on', { amount: paid.amount, creditor, date: paid.date })}
          </p>
        ) : null}
        {words ? <p>{t(`success.set_up.${words}`, { creditor })}</p> : null}
      </div>
      <dl className="summary-list success-facts">
        <div>
          <dt>{paid ? t('success.row.paid_to') : t('success.row.collected_by')}</dt>
          <dd>{creditor}</dd>
        </div>
        {paid ? (
          <>
            <div>
              <dt>{t('success.row.amount')}</dt>
              <dd>{paid.amount}</dd>
            </div>
            <div>
              <dt>{t('success.row.date')}</dt>
              <dd>{paid.date}</dd>
            </div>
            <div>
              <dt>{t('success.row.payment_reference')}</dt>
              <dd>{paid.reference}</dd>
            </div>
          </>
        ) : null}
        {words && data.mandateReference ? (
          <div>
            <dt>{t(`success.row.reference.${words}`)}</dt>
            <dd>{data.mandateReference}</dd>
          </div>
        ) : null}
      </dl>
      <h2>{t('success.next')}</h2>
      <ul className="next-steps">
        {data.firstCollection ? (
          <li>
            {t(data.firstCollection.exact ? 'success.first_collection' : 'success.first_collection_from', {
              date: data.firstCollection.date,
            })}
          </li>
        ) : words ? (
          <li>{t('success.advance_notice', { creditor })}</li>
        ) : null}
        <li>{t('success.statement', { name: creditor })}</li>
        {confirmation ? <li>{confirmation}</li> : null}
        {words ? <li>{t(`success.how_to_cancel.${words}`, { creditor })}</li> : null}
      </ul>
      {data.mandatePdf && words ? (
        <p>
          <a href={data.mandatePdf} download="mandate.pdf" type="application/pdf">
            {t(`success.download.${words}`)}
          </a>
        </p>
      ) : null}
      {data.back ? (
        <p>
          <a className="button" href={data.back}>
            {t('success.return', { creditor })}
          </a>
        </p>
      ) : null}
      {data.exit ? (
        <p>
          <a href={data.exit}>{t('common.exit', { creditor })}</a>
        </p>
      ) : null}
    </PayerPage>
  );
}
