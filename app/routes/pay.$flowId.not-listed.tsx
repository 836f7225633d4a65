import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { notListedForm, presentNotListed } from '../.server/steps/not-listed';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('not_listed.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'bank', presentNotListed);

export const action = (args: ActionFunctionArgs) => runStep(args, notListedForm);

export default function BankNotListed() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t('not_listed.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      {/* "You can still pay" only where another way to pay is offered: Direct Debit (issue #38.8). */}
      <p>{t(data.canFallBack ? 'not_listed.intro' : 'not_listed.intro_bank_only')}</p>
      {data.canFallBack ? (
        <>
          <h2>{t('not_listed.fallback_title')}</h2>
          <p>{t('not_listed.fallback_body', { creditor })}</p>
          <CsrfForm csrf={data.frame.csrf}>
            <input type="hidden" name="intent" value="fallback" />
            <button type="submit">{t('bank.not_listed_fallback')}</button>
          </CsrfForm>
        </>
      ) : null}
      <h2>{t('not_listed.other_bank_title')}</h2>
      <p>{t('not_listed.other_bank_body')}</p>
      <p>
        <a href={data.bankHref}>{t('not_listed.choose_another')}</a>
      </p>
      <h2>{t('not_listed.contact_title', { creditor })}</h2>
      <p>{t('not_listed.contact_body', { creditor })}</p>
      {data.hasMerchantUri ? (
        <CsrfForm csrf={data.frame.csrf}>
          <input type="hidden" name="intent" value="exit" />
          <button type="submit" className="secondary">
            {t('common.exit', { creditor })}
          </button>
        </CsrfForm>
      ) : null}
    </PayerPage>
  );
}
