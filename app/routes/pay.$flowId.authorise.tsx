import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { serializeBankAuthorisation } from '../../server/domain/bank-authorisations/serialize';
import { CsrfForm } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { frameData, guardStep, loadFlowPage, readForm, seeOther, stepPath } from '../.server/flow';
import { translator } from '../i18n';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('authorise.title');

/**
 * The bank step: a link to the payer's bank and, for finishing on a phone, a QR code of the same
 * link. With JavaScript the page follows the bank's answer by itself; without, the payer presses
 * "I have finished on my phone".
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'authorise');
  const authorisation = await context.services.payerFlows.bankAuthorisation(page.payer);
  const wire = serializeBankAuthorisation(authorisation, context.config);
  const time = new Intl.DateTimeFormat(page.language, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(authorisation.expires_at);
  return json(
    {
      frame: frameData(page),
      url: wire.url,
      qr: `/qr/${authorisation.id}.png`,
      bank: page.payer.view.request.institution?.name ?? null,
      expires: time,
      waiting: new URL(request.url).searchParams.has('waiting'),
      statusUrl: `/pay/${page.payer.flow.id}/status`,
    },
    page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined,
  );
}

/** "I have finished on my phone": go where the bank's answer sends the payer, or say it has not come. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  await readForm(request, page);
  const id = page.payer.view.request.bank_authorisation_id;
  const status = id ? (await context.services.bankAuthorisations.get(page.payer.actor, id)).status : 'pending';
  const flowId = page.payer.flow.id;
  return seeOther(status === 'pending' ? `${stepPath(flowId, 'authorise')}?waiting=1` : `/pay/${flowId}/bank-return`);
}

export default function Authorise() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  const bank = data.bank ?? t('bankpage.title');
  return (
    <PayerPage {...data.frame} title={t('authorise.title')}>
      {data.waiting ? (
        <p className="notice" role="status">
          {t('authorise.not_yet')}
        </p>
      ) : null}
      <p>{t('authorise.intro', { bank })}</p>
      <p>
        <a className="button" href={data.url}>
          {t('authorise.continue', { bank })}
        </a>
      </p>
      <section className="qr" aria-labelledby="qr-title">
        <h2 id="qr-title">{t('authorise.qr_title')}</h2>
        <p className="hint">{t('authorise.qr_hint')}</p>
        <img src={data.qr} alt={t('authorise.qr_alt')} width={200} height={200} />
        <p className="hint">{t('authorise.expires', { time: data.expires })}</p>
        <p className="waiting" role="status" data-poll={data.statusUrl} hidden>
          {t('authorise.waiting')}
        </p>
        <CsrfForm csrf={data.frame.csrf}>
          <button type="submit" className="secondary">
            {t('authorise.finished_on_phone')}
          </button>
        </CsrfForm>
      </section>
    </PayerPage>
  );
}
