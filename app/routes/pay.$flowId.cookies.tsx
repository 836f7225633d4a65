import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PayerPage } from '../components/PayerPage';
import { presentCookiesNeeded } from '../.server/steps/cookies';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('cookies.title');

/** A browser that refuses cookies: said plainly, with the way on (app/.server/steps/cookies.ts). */
export const loader = (args: LoaderFunctionArgs) => presentCookiesNeeded(args);

export default function CookiesNeeded() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  const creditor = data.frame.creditorName;
  return (
    <PayerPage {...data.frame} title={t('cookies.title')}>
      <p>{t('cookies.body', { creditor })}</p>
      <p>{t('cookies.how')}</p>
      <p>
        <a className="button" href={data.retryHref}>
          {t('cookies.retry')}
        </a>
      </p>
      {data.newTabHref ? (
        <p>
          <a href={data.newTabHref} target="_blank" rel="noopener">
            {t('cookies.new_tab')}
          </a>
        </p>
      ) : null}
    </PayerPage>
  );
}
