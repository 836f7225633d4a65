import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CsrfForm } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { exitToMerchant } from '../.server/exit';
import { frameData, loadFlowPage, readForm, seeOther, stepPath } from '../.server/flow';
import { translator } from '../i18n';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('failed.title');

/** The three ways a flow ends without success: refused, expired (7 days) or cancelled by the merchant. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  if (!['failed', 'expired', 'cancelled'].includes(page.step))
    throw seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
  return json(
    {
      frame: frameData(page),
      state: page.step as 'failed' | 'expired' | 'cancelled',
      canExit: Boolean(page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri),
    },
    page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined,
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  await readForm(request, page);
  return exitToMerchant(page, 'failure');
}

export default function Closed() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t(`${data.state}.title`)}>
      <p>{t(`${data.state}.body`, { creditor })}</p>
      {data.canExit ? (
        <CsrfForm csrf={data.frame.csrf}>
          <button type="submit">{t('common.exit', { creditor })}</button>
        </CsrfForm>
      ) : null}
    </PayerPage>
  );
}
