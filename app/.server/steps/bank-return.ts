import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { fallbackOffered, stepsFor } from '../../../server/domain/flows/steps';
import { negotiateLanguage } from '../../../i18n/languages';
import { cancelAndReturn } from '../exit';
import { frameData, loadFlowPage, nextLocation, seeOther, stepPath } from '../flow';
import { brandFrame } from '../branding';
import { brandingOf, authorisationStatus, fallBackToDirectDebit, finishIfReady, loadPayer } from '../payer-services';
import { readSession } from '../session';
import type { StepForm } from './run-step';

/**
 * Where the bank sends the payer back. The bank has already recorded its answer, so nothing here
 * trusts the query string: the outcome is read from the authorisation. A device without the
 * flow's session (a phone that scanned the QR code) is told to carry on on the other device, and
 * the tab the drop-in opened for the bank (`?dropin=1`) to go back to the merchant's page.
 */
export async function presentBankReturn({ request, params, context }: LoaderFunctionArgs) {
  const payer = params.flowId ? await loadPayer(context, params.flowId) : null;
  if (!payer) throw new Response(null, { status: 404 });
  // Opened from the drop-in, the bank ran in a tab of its own: the flow carries on in the merchant's
  // page (its bank step follows the answer), so this tab only sends the payer back there.
  if (new URL(request.url).searchParams.has('dropin')) {
    return json({
      kind: 'dropin' as const,
      language: negotiateLanguage(request.headers.get('accept-language')),
      creditorName: payer.view.creditorName,
      flowId: payer.flow.id,
      ...brandFrame(await brandingOf(context, payer.view.request.creditor_id)),
    });
  }
  const session = await readSession(request, payer.flow.id, context.sessionSecret);
  if (!session) {
    return json({
      kind: 'phone' as const,
      language: negotiateLanguage(request.headers.get('accept-language')),
      creditorName: payer.view.creditorName,
      flowId: payer.flow.id,
      ...brandFrame(await brandingOf(context, payer.view.request.creditor_id)),
    });
  }
  const page = await loadFlowPage(request, params.flowId, context);
  const status = (await authorisationStatus(context, page.payer)) ?? 'pending';
  if (status === 'authorised') {
    await finishIfReady(context, page.payer);
    throw seeOther(await nextLocation(page));
  }
  if (status === 'pending') throw seeOther(stepPath(page.payer.flow.id, page.step));
  return json({
    kind: 'outcome' as const,
    frame: frameData(page),
    outcome:
      status === 'expired' ? ('timeout' as const) : status === 'denied' ? ('denied' as const) : ('failed' as const),
    canFallBack: fallbackOffered(page.payer.view.request),
    canExit: Boolean(page.payer.flow.exit_uri ?? page.payer.flow.redirect_uri),
    // After a denial or a failure the payer may try another bank (issue #38.1).
    bankHref: stepsFor(page.payer.view, page.payer.flow).includes('bank') ? stepPath(page.payer.flow.id, 'bank') : null,
  });
}

const schema = z.object({ intent: z.enum(['retry', 'fallback', 'exit']) });

/** Try again (a new authorisation), fall back to Direct Debit, or cancel and return to the merchant. */
export const bankReturnForm: StepForm<z.infer<typeof schema>> = {
  schema: () => schema,
  anchor: () => 'main',
  async command(page, { intent }) {
    if (intent === 'fallback') {
      await fallBackToDirectDebit(page.context, page.payer);
      return seeOther(await nextLocation(page));
    }
    if (intent === 'exit') {
      const status = await authorisationStatus(page.context, page.payer);
      return cancelAndReturn(page, status === 'expired' ? 'timeout' : 'failure');
    }
    return seeOther(stepPath(page.payer.flow.id, page.step));
  },
};
