import { errorPage, frameData, guaranteeOf, stepPath, type FlowPage } from '../flow';

/**
 * The Direct Debit Guarantee on a page of its own, linked from every step of a Bacs mandate
 * (schemes.md § 4), with Back to the step the payer was on. Other schemes have no such page.
 */
export function presentGuarantee(page: FlowPage) {
  const frame = frameData(page);
  if (!frame.guarantee) errorPage(404, page.language);
  return {
    frame: { ...frame, cancelHref: undefined, progress: undefined, backHref: stepPath(page.payer.flow.id, page.step) },
    guarantee: guaranteeOf(page),
  };
}
