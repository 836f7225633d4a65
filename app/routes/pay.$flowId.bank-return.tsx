import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { bankReturnForm, presentBankReturn } from '../.server/steps/bank-return';
import { runStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta<{ kind: string; creditorName?: string }>((data, t) =>
  data.kind === 'phone'
    ? t('success.title')
    : data.kind === 'dropin'
      ? t('dropin_bank.return_title', { creditor: data.creditorName ?? '' })
      : t('authorise.title'),
);

export const loader = (args: LoaderFunctionArgs) => presentBankReturn(args);

export const action = (args: ActionFunctionArgs) => runStep(args, bankReturnForm);

export default function BankReturn() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  if (data.kind === 'phone') {
    const t = translator(data.language);
    return (
      <PayerPage
        language={data.language}
        creditorName={data.creditorName}
        flowId={data.flowId}
        brand={data.brand}
        title={t('success.title')}
      >
        <p role="status">{t('authorise.phone_done')}</p>
      </PayerPage>
    );
  }
  if (data.kind === 'dropin') {
    const t = translator(data.language);
    return (
      <PayerPage
        language={data.language}
        creditorName={data.creditorName}
        flowId={data.flowId}
        brand={data.brand}
        title={t('dropin_bank.return_title', { creditor: data.creditorName })}
      >
        <p role="status">{t('dropin_bank.return_body', { creditor: data.creditorName })}</p>
      </PayerPage>
    );
  }
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('authorise.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      <p role="alert">{t(`authorise.${data.outcome}`)}</p>
      <CsrfForm csrf={data.frame.csrf}>
        <input type="hidden" name="intent" value="retry" />
        <button type="submit">{t('authorise.try_again')}</button>
      </CsrfForm>
      {data.bankHref ? (
        <p>
          <a href={data.bankHref}>{t('not_listed.choose_another')}</a>
        </p>
      ) : null}
      {data.canFallBack ? (
        <CsrfForm csrf={data.frame.csrf}>
          <input type="hidden" name="intent" value="fallback" />
          <button type="submit" className="secondary">
            {t('bank.not_listed_fallback')}
          </button>
        </CsrfForm>
      ) : null}
      {data.canExit ? (
        <CsrfForm csrf={data.frame.csrf}>
          <input type="hidden" name="intent" value="exit" />
          <button type="submit" className="secondary">
            {t('common.cancel_and_return', { creditor: data.frame.creditorName })}
          </button>
        </CsrfForm>
      ) : null}
    </PayerPage>
  );
}
