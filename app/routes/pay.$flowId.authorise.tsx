import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { authoriseForm, presentAuthorise } from '../.server/steps/authorise';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator, type Translate } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('authorise.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'authorise', presentAuthorise);

export const action = (args: ActionFunctionArgs) => runStep(args, authoriseForm);

export default function Authorise() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  const bank = data.bank ?? t('bankpage.title');
  const inDropin = Boolean(data.frame.dropinOrigin);
  return (
    <PayerPage {...data.frame} title={t('authorise.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      {data.waiting ? (
        <p className="notice" role="status">
          {t('authorise.not_yet')}
        </p>
      ) : null}
      {inDropin ? <p>{t('dropin_bank.intro', { bank })}</p> : <p>{t('authorise.intro', { bank })}</p>}
      <p>
        {/* In the drop-in the bank opens in a tab of its own (banks refuse to be framed); this page
            waits for its answer (data-poll below, or "I have finished" without JavaScript). */}
        <a className="button" href={data.url} {...(inDropin ? { target: '_blank', rel: 'noopener' } : {})}>
          {t('authorise.continue', { bank })}
          {inDropin ? ` ${t('dropin_bank.new_tab')}` : null}
        </a>
      </p>
      {data.offerPhone ? (
        <section className="qr" aria-labelledby="qr-title">
          {/* payer.js hides the hand-off on a small touch screen whose user agent did not say "phone". */}
          <div data-phone-handoff>
            <h2 id="qr-title">{t('authorise.qr_title')}</h2>
            <p className="hint">{t('authorise.qr_hint')}</p>
            <img src={data.qr} alt={t('authorise.qr_alt')} width={200} height={200} />
            <p className="hint">{t('authorise.expires', { time: data.expires })}</p>
          </div>
          <Waiting data={data} inDropin={inDropin} t={t} />
        </section>
      ) : inDropin ? (
        <div className="qr" id="qr-title" tabIndex={-1}>
          <Waiting data={data} inDropin={inDropin} t={t} />
        </div>
      ) : null}
    </PayerPage>
  );
}

/** Waits for the bank's answer: by itself with JavaScript, or when the payer says they have finished. */
function Waiting({
  data,
  inDropin,
  t,
}: {
  data: { statusUrl: string; frame: { csrf: string } };
  inDropin: boolean;
  t: Translate;
}) {
  return (
    <>
      <p className="waiting" role="status" data-poll={data.statusUrl} hidden>
        {t('authorise.waiting')}
      </p>
      <CsrfForm csrf={data.frame.csrf}>
        <button type="submit" className="secondary">
          {inDropin ? t('dropin_bank.finished') : t('authorise.finished_on_phone')}
        </button>
      </CsrfForm>
    </>
  );
}
