import { redirect } from '@remix-run/node';
import type { FlowPage } from './flow';
import { merchantReturn, stepPath } from './flow';
import { cancelRequest, recordExit } from './payer-services';
import { dropinExitPath, type DropinExitReason } from './dropin';

/** The merchant URI the payer returns to with an outcome: the exit URI, else the redirect URI. */
export function merchantExit(page: FlowPage, outcome: 'failure' | 'timeout'): string | null {
  const target = page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri;
  return target ? merchantReturn(target, page.payer.flow.id, outcome) : null;
}

/**
 * The payer leaves without success: `flow_exited` is recorded and they go to the merchant's exit
 * URI (or redirect URI) with the outcome appended; with neither, to the flow's closed page.
 */
export async function exitToMerchant(
  page: FlowPage,
  outcome: 'failure' | 'timeout',
  reason: DropinExitReason = outcome === 'timeout' ? 'flow_expired' : 'payer_exited',
): Promise<Response> {
  await recordExit(page.context, page.payer);
  const location =
    dropinExitPath(page, reason) ?? merchantExit(page, outcome) ?? stepPath(page.payer.flow.id, 'failed');
  return redirect(location, 303);
}

/**
 * The payer cancels: the billing request is cancelled (so nothing can be paid with it any more)
 * and they return to the merchant with the outcome; with no merchant URI, to the cancelled page,
 * which says so in their language.
 */
export async function cancelAndReturn(page: FlowPage, outcome: 'failure' | 'timeout'): Promise<Response> {
  await cancelRequest(page.context, page.payer);
  const location =
    dropinExitPath(page, 'cancelled_by_payer') ??
    merchantExit(page, outcome) ??
    stepPath(page.payer.flow.id, 'cancelled');
  return redirect(location, 303);
}
