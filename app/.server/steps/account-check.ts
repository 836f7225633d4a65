import { z } from 'zod';
import type { BankAccountRow } from '../../../server/domain/bank-accounts/types';
import { changeHref, frameData, nextLocation, seeOther, stepPath, type FlowPage } from '../flow';
import { askBankForHolder, loadPayer } from '../payer-services';
import type { StepForm } from './run-step';

/**
 * Confirmation of payee, as UK payers know it: when the bank holds a name close to, but not the
 * same as, the one the payer gave, the payer sees the bank's name and chooses to go on or to
 * correct the details. Only GB accounts are checked; a full match, no match or no answer goes on.
 */
const pathOf = (flowId: string) => `/pay/${flowId}/account-check`;

function bankHeldName(page: FlowPage, account: BankAccountRow | null): string | null {
  if (!account || account.country_code !== 'GB') return null;
  const answer = askBankForHolder(page.context, account.account_holder_name);
  return answer.result === 'partial_match' ? answer.actualAccountName : null;
}

/** Where the payer goes once their account is collected: this check when the name is a close match. */
export async function afterAccountCollected(page: FlowPage): Promise<string> {
  const next = await nextLocation(page);
  // The check sits before the confirmation; a flow that goes elsewhere next is not held up.
  if (next !== stepPath(page.payer.flow.id, 'confirm')) return next;
  const payer = await loadPayer(page.context, page.payer.flow.id);
  return bankHeldName(page, payer?.view.bankAccount ?? null) ? pathOf(page.payer.flow.id) : next;
}

export function presentAccountCheck(page: FlowPage) {
  const account = page.payer.view.bankAccount;
  const actual = bankHeldName(page, account);
  if (!account || !actual || page.step !== 'confirm')
    throw seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
  return {
    frame: frameData(page),
    given: account.account_holder_name,
    actual,
    canChange: changeHref(page, 'account') !== null,
  };
}

const schema = z.object({ choice: z.enum(['continue', 'change']) });

export const accountCheckForm: StepForm<z.infer<typeof schema>> = {
  step: 'confirm',
  schema: () => schema,
  anchor: () => 'main',
  async command(page, input) {
    if (input.choice === 'change') return seeOther(stepPath(page.payer.flow.id, 'account'));
    return seeOther(await nextLocation(page));
  },
};
