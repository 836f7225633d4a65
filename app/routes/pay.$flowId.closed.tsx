import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { DropinMessage } from '../components/DropinMessage';
import { closedForm, presentClosed } from '../.server/steps/closed';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta<{ state: string }>((data, t) => t(`${data.state}.title`));

export const loader = (args: LoaderFunctionArgs) => showStep(args, null, presentClosed);

export const action = (args: ActionFunctionArgs) => runStep(args, closedForm);

export default function Closed() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t(`${data.state}.title`)}>
      <DropinMessage dropin={data.dropin} />
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      <p>{t(`${data.state}.body`, { creditor })}</p>
      {data.canExit ? (
        <CsrfForm csrf={data.frame.csrf}>
          <button type="submit">{t('common.exit', { creditor })}</button>
        </CsrfForm>
      ) : (
        <p>{t('closed.contact', { creditor })}</p>
      )}
    </PayerPage>
  );
}
