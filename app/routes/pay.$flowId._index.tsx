import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLanguage } from '../../server/i18n/languages';
import { loadFlowPage, saveSession, seeOther, stepPath } from '../.server/flow';

/**
 * The flow's link (`authorisation_url`): starts the payer's session, records the visit once,
 * and sends them to the step they are on.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context, { establish: true });
  const lang = new URL(request.url).searchParams.get('lang');
  if (!page.session.visited) await context.services.payerFlows.recordVisit(page.payer);
  const cookie = await saveSession(page, { visited: true, ...(isLanguage(lang) ? { language: lang } : {}) });
  return seeOther(stepPath(page.payer.flow.id, page.step), cookie);
}

/** Never rendered (the loader always redirects); it makes this a page route, so an unknown flow gets the error page. */
export default function FlowLink() {
  return null;
}
