import { z } from 'zod';
import { fallbackOffered } from '../../../server/domain/flows/steps';
import { exitToMerchant } from '../exit';
import { frameData, nextLocation, seeOther, stepPath, type FlowPage } from '../flow';
import { fallBackToDirectDebit } from '../payer-services';
import type { StepForm } from './run-step';

/**
 * "My bank is not listed" explains what the payer can still do before anyone leaves: pay by Direct
 * Debit (where the merchant allows it), choose another bank, or ask the merchant for another way;
 * only then the way back to the merchant.
 */
export function presentNotListed(page: FlowPage) {
  const bankHref = stepPath(page.payer.flow.id, 'bank');
  return {
    // Back from here is the bank list, not the step before it.
    frame: { ...frameData(page), backHref: bankHref },
    canFallBack: fallbackOffered(page.payer.view.request),
    bankHref,
    hasMerchantUri: Boolean(page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri),
  };
}

const schema = z.object({ intent: z.enum(['fallback', 'exit']) });

export const notListedForm: StepForm<z.infer<typeof schema>> = {
  step: 'bank',
  schema: () => schema,
  anchor: () => 'main',
  async command(page, { intent }) {
    if (intent === 'exit') return exitToMerchant(page, 'failure', 'bank_not_listed');
    await fallBackToDirectDebit(page.context, page.payer);
    return seeOther(await nextLocation(page));
  },
};
