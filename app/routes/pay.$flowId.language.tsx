import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { isLanguage } from '../../server/i18n/languages';
import { loadFlowPage, readForm, saveSession, seeOther, stepPath } from '../.server/flow';

/** The language switch: remembered in the session, then back to the step the payer is on. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  const form = await readForm(request, page);
  const language = form.get('language');
  const cookie = isLanguage(language) ? await saveSession(page, { language }) : undefined;
  return seeOther(stepPath(page.payer.flow.id, page.step), cookie);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  return seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
}
