import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { findAction } from '../../server/domain/billing-requests/actions';
import { CURRENCIES, type Currency } from '../../server/domain/shared/money';
import { CsrfForm } from '../components/Form';
import { PayerPage } from '../components/PayerPage';
import { frameData, guardStep, loadFlowPage, nextLocation, readForm, saveSession, seeOther } from '../.server/flow';
import { translator } from '../i18n';
import { flowMeta } from '../components/meta';

export const meta = flowMeta('currency.title');

/** choose_currency: mandate-only requests whose currency the merchant did not lock. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'currency');
  const action = findAction(page.payer.view.actions, 'choose_currency');
  const names = new Intl.DisplayNames([page.language, 'en'], { type: 'currency' });
  return json(
    {
      frame: frameData(page),
      current: page.payer.view.request.mandate_request?.currency ?? 'GBP',
      currencies: (action?.available_currencies ?? [...CURRENCIES]).map((code) => ({
        code,
        name: names.of(code) ?? code,
      })),
    },
    page.cookie ? { headers: { 'set-cookie': page.cookie } } : undefined,
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  guardStep(page, 'currency');
  const form = await readForm(request, page);
  const currency = String(form.get('currency') ?? '');
  if (!(CURRENCIES as readonly string[]).includes(currency)) throw new Response('Bad request', { status: 400 });
  if (currency !== page.payer.view.request.mandate_request?.currency) {
    await context.services.payerFlows.chooseCurrency(page.payer, currency as Currency);
  }
  const cookie = await saveSession(page, { currencySeen: true });
  return seeOther(await nextLocation(page, { currencySeen: true }), cookie);
}

export default function ChooseCurrency() {
  const data = useLoaderData<typeof loader>();
  const t = translator(data.frame.language);
  return (
    <PayerPage {...data.frame} title={t('currency.title')}>
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
