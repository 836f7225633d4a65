import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { accountCheckForm, presentAccountCheck } from '../.server/steps/account-check';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('account_check.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, null, presentAccountCheck);

export const action = (args: ActionFunctionArgs) => runStep(args, accountCheckForm);

/** Two plain submit buttons in one form: works the same with JavaScript off. */
export default function AccountCheck() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('account_check.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      <p>{t('account_check.body', { given: data.given })}</p>
      <p className="account-check-name">
        <strong data-testid="bank-held-name">{data.actual}</strong>
      </p>
      <p>{t('account_check.question')}</p>
      <CsrfForm csrf={data.frame.csrf}>
        <button type="submit" name="choice" value="continue">
          {t('account_check.continue')}
        </button>
        {data.canChange ? (
          <button type="submit" name="choice" value="change" className="secondary">
            {t('account_check.change')}
          </button>
        ) : null}
      </CsrfForm>
    </PayerPage>
  );
}
