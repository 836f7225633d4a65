import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { ErrorSummary } from '../components/Form';
import { answerAtBank, presentSandboxBank } from '../.server/sandbox-bank';
import type { StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';

/**
 * The simulated bank of the sandbox: the page a bank authorisation's `url` (and its QR code)
 * opens. The payer authorises, denies, lets it fail or lets it time out; the bank records the
 * answer and sends them back to the flow.
 */
export const meta: MetaFunction = () => [{ title: 'Sandbox bank' }];

export const loader = (args: LoaderFunctionArgs) => presentSandboxBank(args);

export const action = (args: ActionFunctionArgs) => answerAtBank(args);

export default function SandboxBank() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.language);
  const open = data.status === 'pending';
  return (
    <main id="main" className="sandbox-bank">
      <p className="bank-name">{data.bank}</p>
      <h1>{t('bankpage.title')}</h1>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      {open ? (
        <>
          <p>{t('bankpage.intro', { creditor: data.creditorName, bank: data.bank })}</p>
          {data.amount ? <p className="amount">{data.amount}</p> : null}
          {data.account ? (
            <p>
              {t('bankpage.account')}: <strong>{data.account}</strong>
            </p>
          ) : null}
          <form method="post" className="bank-decision">
            <input type="hidden" name="token" value={data.token} />
            <button type="submit" name="decision" value="authorise">
              {t('bankpage.authorise')}
            </button>
            <button type="submit" name="decision" value="deny" className="secondary">
              {t('bankpage.deny')}
            </button>
            <button type="submit" name="decision" value="fail" className="secondary">
              {t('bankpage.fail')}
            </button>
            <button type="submit" name="decision" value="timeout" className="secondary">
              {t('bankpage.timeout')}
            </button>
          </form>
        </>
      ) : (
        <p role="status">{data.status === 'expired' ? t('bankpage.expired') : t('bankpage.done')}</p>
      )}
    </main>
  );
}
