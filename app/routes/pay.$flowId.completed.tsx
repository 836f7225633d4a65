import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PayerPage } from '../components/PayerPage';
import { presentCompleted } from '../.server/steps/closed';
import { showStep } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('completed.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, null, presentCompleted);

export default function Completed() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t('completed.title')}>
      <p>{t('completed.body', { creditor })}</p>
      {data.back ? (
        <p>
          <a className="button" href={data.back}>
            {t('common.exit', { creditor })}
          </a>
        </p>
      ) : (
        <p>{t('closed.contact', { creditor })}</p>
      )}
    </PayerPage>
  );
}
