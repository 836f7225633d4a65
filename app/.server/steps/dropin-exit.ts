import { DROPIN_EXIT_REASONS, exitMessage, type DropinExitReason } from '../dropin';
import { frameData, seeOther, stepPath, type FlowPage } from '../flow';

/**
 * Where a payer who leaves inside the drop-in lands (instead of the merchant's exit URI, which the
 * frame must not open): it tells the merchant page why (onExit), and the payer that they can close it.
 */
export function presentDropinExit(page: FlowPage) {
  const given = page.url.searchParams.get('reason');
  const reason = DROPIN_EXIT_REASONS.find((known) => known === given);
  if (!page.session.dropin || !reason) throw seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
  return {
    frame: { ...frameData(page), cancelHref: undefined, backHref: undefined },
    dropin: exitMessage(page, reason as DropinExitReason),
  };
}
