import { z } from 'zod';
import { isPayerStep } from '../../../server/domain/flows/steps';
import { cancelAndReturn } from '../exit';
import { frameData, seeOther, stepPath, type FlowPage } from '../flow';
import type { StepForm } from './run-step';

/** A payer who is no longer on a step (done, closed) has nothing to cancel: they go where they belong. */
function guardCancellable(page: FlowPage): void {
  if (!isPayerStep(page.step)) throw seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
}

/** "Cancel" asks first: what cancelling means, and the way back to the step without cancelling. */
export function presentCancel(page: FlowPage) {
  guardCancellable(page);
  return {
    frame: { ...frameData(page), cancelHref: undefined, backHref: undefined, progress: undefined },
    back: stepPath(page.payer.flow.id, page.step),
    hasMerchantUri: Boolean(page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri),
  };
}

/** "Yes, cancel" sends nothing but the form's token. */
const schema = z.object({});

export const cancelForm: StepForm<z.infer<typeof schema>> = {
  schema: () => schema,
  anchor: () => 'main',
  command(page) {
    guardCancellable(page);
    return cancelAndReturn(page, 'failure');
  },
};
