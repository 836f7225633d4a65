import { redirect } from '@remix-run/node';
import type { FlowPage } from './flow';
import { merchantReturn, stepPath } from './flow';

/**
 * The payer leaves without success: `flow_exited` is recorded and they go to the merchant's exit
 * URI (or redirect URI) with the outcome appended; with neither, to the flow's closed page.
 */
export async function exitToMerchant(page: FlowPage, outcome: 'failure' | 'timeout'): Promise<Response> {
  await page.context.services.payerFlows.recordExit(page.payer);
  const target = page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri;
  return redirect(
    target ? merchantReturn(target, page.payer.flow.id, outcome) : stepPath(page.payer.flow.id, 'failed'),
    303,
  );
}
