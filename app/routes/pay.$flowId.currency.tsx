import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { CsrfForm, ErrorSummary } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { currencyForm, presentCurrency } from '../.server/steps/currency';
import { runStep, showStep, type StepErrors } from '../.server/steps/run-step';
import { translator } from '../../i18n/flow';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('currency.title');

export const loader = (args: LoaderFunctionArgs) => showStep(args, 'currency', presentCurrency);

export const action = (args: ActionFunctionArgs) => runStep(args, currencyForm);

export default function ChooseCurrency() {
  const data = useLoaderData<typeof loader>();
  const result = useActionData<StepErrors>();
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('currency.title')}>
      <ErrorSummary title={t('common.error_summary')} errors={result?.errors ?? []} />
      <CsrfForm csrf={data.frame.csrf}>
        <fieldset>
          <legend className="hint">{t('currency.hint')}</legend>
          <div className="choices">
            {data.currencies.map((c) => (
              <div key={c.code} className="choice">
                <input
                  type="radio"
                  id={`currency-${c.code}`}
                  name="currency"
                  value={c.code}
                  defaultChecked={c.code === data.current}
                />
                <label htmlFor={`currency-${c.code}`}>
                  {c.name} ({c.code})
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <button type="submit">{t('common.continue')}</button>
      </CsrfForm>
    </PayerPage>
  );
}
