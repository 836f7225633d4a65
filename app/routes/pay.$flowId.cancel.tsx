import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { cancelForm, presentCancel } from '../.server/steps/cancel';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('cancel.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, null, presentCancel);

export const action = (args: ActionFunctionArgs) => runStep(args, cancelForm);

export default function Cancel() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t('cancel.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      <p>{t('cancel.body', { creditor })}</p>
      {data.hasMerchantUri ? <p>{t('cancel.return', { creditor })}</p> : null}
      <CsrfForm csrf={data.frame.csrf}>
        <button type="submit" className="warning">
          {t('cancel.confirm')}
        </button>
      </CsrfForm>
      <p>
        <a href={data.back}>{t('cancel.keep_going')}</a>
      </p>
    </PayerPage>
  );
}
