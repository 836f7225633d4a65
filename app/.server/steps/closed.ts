import { z } from 'zod';
import { isClosedStep } from '../../../server/domain/flows/steps';
import { exitToMerchant } from '../exit';
import { frameData, merchantReturn, seeOther, stepPath, type FlowPage } from '../flow';
import type { StepForm } from './run-step';
import { exitMessage } from '../dropin';

/** The three ways a flow ends without success: refused, expired (7 days) or cancelled by the merchant. */
export function presentClosed(page: FlowPage) {
  const state = page.step;
  if (!isClosedStep(state)) throw seeOther(stepPath(page.payer.flow.id, state), page.cookie);
  return {
    frame: frameData(page),
    state,
    // In the drop-in the merchant page hears of it at once (onExit), before anyone presses a button.
    dropin: exitMessage(page, `flow_${state}`),
    canExit: Boolean(page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri),
  };
}

/**
 * A flow whose request was already fulfilled, opened again from its link in a browser that did not
 * complete it: said plainly, with the way back to the merchant when there is one.
 */
export function presentCompleted(page: FlowPage) {
  if (page.step !== 'success') throw seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
  const { flow } = page.payer;
  return {
    frame: frameData(page),
    back: flow.redirect_uri ? merchantReturn(flow.redirect_uri, flow.id, 'success') : null,
  };
}

/** "Return to the merchant" sends nothing but the form's token; an expired flow returns with `outcome=timeout` (spec). */
const schema = z.object({});

export const closedForm: StepForm<z.infer<typeof schema>> = {
  schema: () => schema,
  anchor: () => 'main',
  command: (page) => exitToMerchant(page, page.step === 'expired' ? 'timeout' : 'failure'),
};
