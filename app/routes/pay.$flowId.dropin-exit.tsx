import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PayerPage } from '../components/PayerPage';
import { DropinMessage } from '../components/DropinMessage';
import { showStep } from '../.server/steps/run-step';
import { presentDropinExit } from '../.server/steps/dropin-exit';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('dropin_exit.title');

/** The drop-in's way out: the merchant page is told why (app/.server/steps/dropin-exit.ts). */
export const loader = (args: LoaderFunctionArgs) => showStep(args, null, presentDropinExit);

export default function DropinExit() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('dropin_exit.title')}>
      <DropinMessage dropin={data.dropin} />
      <p>{t('dropin_exit.body', { creditor: data.frame.creditorName })}</p>
    </PayerPage>
  );
}
