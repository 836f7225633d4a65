import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { bankForm, presentBank } from '../.server/steps/bank';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('bank.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'bank', presentBank);

export const action = (args: ActionFunctionArgs) => runStep(args, bankForm);

export default function ChooseBank() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('bank.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      <form method="get" className="bank-search" role="search">
        <div className="field">
          <label htmlFor="country">{t('bank.country')}</label>
          <select id="country" name="country" defaultValue={data.country}>
            {data.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="q">{t('bank.search')}</label>
          <input id="q" name="q" type="search" defaultValue={data.search} autoComplete="off" data-filter-list="banks" />
        </div>
        <button type="submit" className="secondary">
          {t('bank.change_country')}
        </button>
      </form>
      {/* Without JavaScript the server's search finds none; with it, the filter as the payer types. */}
      {data.banks.length === 0 ? (
        <p>{t('bank.none_found')}</p>
      ) : (
        <p role="status" data-filter-empty="banks">
          <span hidden>{t('bank.none_found')}</span>
        </p>
      )}
      <ul id="banks" className="banks">
        {data.banks.map((bank) => (
          <li key={bank.id} data-name={bank.name.toLowerCase()}>
            {bank.available ? (
              <CsrfForm csrf={data.frame.csrf}>
                <input type="hidden" name="institution" value={bank.id} />
                <input type="hidden" name="country" value={data.country} />
                <button type="submit" className="bank" aria-label={t('bank.select', { bank: bank.name })}>
                  <BankMark bank={bank} />
                  <span>{bank.name}</span>
                </button>
              </CsrfForm>
            ) : (
              <span className="bank unavailable">
                <BankMark bank={bank} />
                <span>
                  {bank.name} <em>({t('bank.unavailable')})</em>
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
      <p className="not-listed">
        <a href={data.notListedHref}>{t('bank.not_listed')}</a>
      </p>
    </PayerPage>
  );
}

/** The bank's own logo where the list has one, else a neutral tile with its initial (the name follows). */
function BankMark({ bank }: { bank: { logo: string | null; initial: string } }) {
  return bank.logo ? (
    <img src={bank.logo} alt="" width={32} height={32} />
  ) : (
    <span className="bank-tile" aria-hidden="true">
      {bank.initial}
    </span>
  );
}
