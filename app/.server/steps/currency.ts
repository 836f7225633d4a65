import { z } from 'zod';
import { findAction } from '../../../server/domain/billing-requests/actions';
import { CURRENCIES } from '../../../server/domain/shared/money';
import { frameData, nextLocation, saveSession, seeOther, type FlowPage } from '../flow';
import { chooseCurrency } from '../payer-services';
import type { StepForm } from './run-step';

/** choose_currency: mandate-only requests whose currency the merchant did not lock. */
const currenciesOf = (page: FlowPage) =>
  findAction(page.payer.view.actions, 'choose_currency')?.available_currencies ?? [...CURRENCIES];

const currentOf = (page: FlowPage) => page.payer.view.request.mandate_request?.currency ?? 'GBP';

export function presentCurrency(page: FlowPage) {
  const names = new Intl.DisplayNames([page.language, 'en'], { type: 'currency' });
  return {
    frame: frameData(page),
    current: currentOf(page),
    currencies: currenciesOf(page).map((code) => ({ code, name: names.of(code) ?? code })),
  };
}

const schema = z.object({ currency: z.enum(CURRENCIES) });

export const currencyForm: StepForm<z.infer<typeof schema>> = {
  step: 'currency',
  schema: () => schema,
  // Each currency is a radio button; an error points to the first.
  anchor: (page) => `currency-${currenciesOf(page)[0]}`,
  async command(page, { currency }) {
    if (currency !== currentOf(page)) await chooseCurrency(page.context, page.payer, currency);
    // Seen once: the payer is not asked again, whatever they chose.
    const cookie = await saveSession(page, { currencySeen: true });
    return seeOther(await nextLocation(page, { currencySeen: true }), cookie);
  },
};
