import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { loadFlowPage, stepPath } from '../.server/flow';

/** For the bank step's live status (JavaScript): where the payer belongs now. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  const view = page.payer.view;
  const authorisationId = view.request.bank_authorisation_id;
  const status = authorisationId
    ? (await context.services.bankAuthorisations.get(page.payer.actor, authorisationId)).status
    : null;
  // An answer from the bank is handled by the bank-return page (success, or a failure to explain).
  const location =
    status && status !== 'pending' ? `/pay/${page.payer.flow.id}/bank-return` : stepPath(page.payer.flow.id, page.step);
  return json({ step: page.step, authorisation: status, location }, { headers: { 'cache-control': 'no-store' } });
}
