import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PayerPage } from '../components/PayerPage';
import { DropinMessage } from '../components/DropinMessage';
import { showStep } from '../.server/steps/run-step';
import { presentSuccess } from '../.server/steps/success';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('success.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'success', presentSuccess);

export default function Success() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t('success.title')}>
      <DropinMessage dropin={data.dropin} />
      <p role="status">{data.instant ? t('success.payment', { creditor }) : t('success.mandate', { creditor })}</p>
      <h2>{t('success.next')}</h2>
      <ul className="next-steps">
        {data.firstCharge && !data.instant ? <li>{t('success.first_charge', { date: data.firstCharge })}</li> : null}
        {data.mandateReference ? <li>{t('success.reference', { reference: data.mandateReference })}</li> : null}
        <li>{t('success.statement', { name: creditor })}</li>
        {data.email ? <li>{t('success.email', { email: data.email })}</li> : null}
        <li>{t('success.email_within')}</li>
        {data.mandate ? <li>{t('success.how_to_cancel', { creditor })}</li> : null}
      </ul>
      {data.mandatePdf ? (
        <p>
          <a href={data.mandatePdf} download="mandate.pdf" type="application/pdf">
            {t('success.download_mandate')}
          </a>
        </p>
      ) : null}
      {data.back ? (
        <p>
          <a className="button" href={data.back}>
            {t('success.return', { creditor })}
          </a>
        </p>
      ) : null}
      {data.exit ? (
        <p>
          <a href={data.exit}>{t('common.exit', { creditor })}</a>
        </p>
      ) : null}
    </PayerPage>
  );
}
