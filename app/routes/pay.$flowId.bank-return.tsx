import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { isInstantPayment } from '../../server/domain/billing-requests/actions';
import { negotiateLanguage } from '../../server/i18n/languages';
import { CsrfForm } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { exitToMerchant } from '../.server/exit';
import { frameData, loadFlowPage, nextLocation, readForm, seeOther, stepPath } from '../.server/flow';
import { readSession } from '../.server/session';
import { translator } from '../i18n';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('authorise.title');

/**
 * Where the bank sends the payer back. The bank has already recorded its answer, so nothing here
 * trusts the query string: the outcome is read from the authorisation. A device without the
 * flow's session (a phone that scanned the QR code) is told to carry on on the other device.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const payer = params.flowId ? await context.services.payerFlows.load(params.flowId) : null;
  if (!payer) throw new Response(null, { status: 404 });
  const session = await readSession(request, payer.flow.id, context.sessionSecret);
  if (!session) {
    return json({
      kind: 'phone' as const,
      language: negotiateLanguage(request.headers.get('accept-language')),
      creditorName: payer.view.creditorName,
      flowId: payer.flow.id,
    });
  }
  const page = await loadFlowPage(request, params.flowId, context);
  const id = page.payer.view.request.bank_authorisation_id;
  const status = id ? (await context.services.bankAuthorisations.get(page.payer.actor, id)).status : 'pending';
  if (status === 'authorised') {
    await context.services.payerFlows.finishIfReady(page.payer);
    throw seeOther(await nextLocation(page));
  }
  if (status === 'pending') throw seeOther(stepPath(page.payer.flow.id, page.step));
  const request_ = page.payer.view.request;
  return json({
    kind: 'outcome' as const,
    frame: frameData(page),
    outcome:
      status === 'expired' ? ('timeout' as const) : status === 'denied' ? ('denied' as const) : ('failed' as const),
    canFallBack: request_.fallback_enabled && isInstantPayment(request_),
    canExit: Boolean(page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri),
  });
}

/** Try again (a new authorisation), fall back to Direct Debit, or return to the merchant. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  const form = await readForm(request, page);
  const intent = form.get('intent');
  if (intent === 'fallback') {
    await context.services.payerFlows.fallback(page.payer);
    return seeOther(await nextLocation(page));
  }
  if (intent === 'exit') {
    const id = page.payer.view.request.bank_authorisation_id;
    const status = id ? (await context.services.bankAuthorisations.get(page.payer.actor, id)).status : null;
    return exitToMerchant(page, status === 'expired' ? 'timeout' : 'failure');
  }
  return seeOther(stepPath(page.payer.flow.id, page.step));
}

export default function BankReturn() {
  const data = useLoaderData<typeof loader>();
  if (data.kind === 'phone') {
    const t = translator(data.language);
    return (
      <PayerPage
        language={data.language}
        creditorName={data.creditorName}
        flowId={data.flowId}
        title={t('success.title')}
      >
        <p role="status">{t('authorise.phone_done')}</p>
      </PayerPage>
    );
  }
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('authorise.title')}>
      <p role="alert">{t(`authorise.${data.outcome}`)}</p>
      <CsrfForm csrf={data.frame.csrf}>
        <input type="hidden" name="intent" value="retry" />
        <button type="submit">{t('authorise.try_again')}</button>
      </CsrfForm>
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
