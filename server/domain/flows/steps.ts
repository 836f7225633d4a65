import { findAction, isInstantPayment } from '../billing-requests/actions';
import type { BillingRequestRow } from '../billing-requests/types';
import type { BillingRequestView } from '../billing-requests/view';
import type { FlowRow } from './types';

/**
 * The page of the hosted flow a payer belongs on, from the billing request's actions. Completed
 * steps are skipped; a step is offered in the order a payer expects to meet it:
 *
 *   currency → details → bank (institution) → account → authorise (at the bank) → confirm → done
 *
 * `choose_currency` is optional: it is offered once (until the payer continues), never when the
 * merchant locked the currency. When the bank authorisation collects the account, the account
 * step is skipped for the bank's.
 */
export type FlowStep =
  | 'currency'
  | 'details'
  | 'bank'
  | 'account'
  | 'authorise'
  | 'confirm'
  | 'success'
  | 'failed'
  | 'expired'
  | 'cancelled';

export const PAYER_STEPS: FlowStep[] = ['currency', 'details', 'bank', 'account', 'authorise', 'confirm'];

export interface StepInput {
  flow: FlowRow;
  view: BillingRequestView;
  now: Date;
  /** The payer has seen the currency choice and continued. */
  currencySeen: boolean;
}

/**
 * Whether the payer has a real choice of currency: not when the merchant locked it, nor when the
 * mandate names its scheme (each scheme debits in one currency: a Bacs mandate is in GBP).
 */
const offersCurrency = (view: BillingRequestView, flow: FlowRow): boolean =>
  !flow.lock_currency && !view.request.mandate_request?.scheme;

export function currentStep({ flow, view, now, currencySeen }: StepInput): FlowStep {
  const status = view.request.status;
  if (status === 'fulfilled' || status === 'fulfilling') return 'success';
  if (status === 'cancelled') return 'cancelled';
  if (flow.expires_at.getTime() <= now.getTime()) return 'expired';

  const pending = (type: Parameters<typeof findAction>[1]) => findAction(view.actions, type)?.status === 'pending';
  const required = (type: Parameters<typeof findAction>[1]) => Boolean(findAction(view.actions, type)?.required);

  if (pending('choose_currency') && offersCurrency(view, flow) && !currencySeen && !view.bankAccount) return 'currency';
  if (pending('collect_customer_details')) return 'details';

  const bankAuth = findAction(view.actions, 'bank_authorisation');
  if (bankAuth?.required && bankAuth.status === 'pending') {
    if (pending('select_institution')) return 'bank';
    if (bankAuth.requires_actions.includes('collect_bank_account') && pending('collect_bank_account')) return 'account';
    return 'authorise';
  }
  if (pending('collect_bank_account')) return 'account';
  if (required('confirm_payer_details') && pending('confirm_payer_details')) return 'confirm';
  // Every required action is done but the request is not fulfilled: fulfilment was refused.
  return 'failed';
}

/**
 * Whether a payer may look at `step` now: the current step, or an earlier one they can change
 * (what the browser's Back button and the confirmation's "Change" links lead to). Details can be
 * changed until the bank is visited, the account only from the confirmation; locked ones never.
 */
export function canVisit(step: FlowStep, current: FlowStep, flow: FlowRow): boolean {
  if (step === current) return true;
  if (step === 'details') return !flow.lock_customer_details && ['bank', 'account', 'confirm'].includes(current);
  if (step === 'account') return !flow.lock_bank_account && current === 'confirm';
  return false;
}

/** The payer's steps for this request, in order, for the "step 2 of 4" indicator. */
export function applicableSteps(view: BillingRequestView, flow: FlowRow): FlowStep[] {
  const action = (type: Parameters<typeof findAction>[1]) => findAction(view.actions, type);
  const bankAuth = action('bank_authorisation');
  const steps: FlowStep[] = [];
  if (action('choose_currency') && offersCurrency(view, flow)) steps.push('currency');
  steps.push('details');
  if (action('select_institution')?.required) steps.push('bank');
  const accountByBank = bankAuth?.required && bankAuth.completes_actions.includes('collect_bank_account');
  if (action('collect_bank_account') && !accountByBank) steps.push('account');
  if (bankAuth?.required) steps.push('authorise');
  if (action('confirm_payer_details')?.required) steps.push('confirm');
  return steps;
}

/**
 * Whether a payer who cannot pay at their bank may pay by Direct Debit instead: an instant bank
 * payment whose merchant enabled the fallback (the same rule `fallback` refuses by).
 */
export const fallbackOffered = (request: BillingRequestRow): boolean =>
  request.fallback_enabled && isInstantPayment(request);
