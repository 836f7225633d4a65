import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { isLanguage, LANGUAGES } from '../../../i18n/languages';
import { checkCsrf, loadFlowPage, resumePath, saveSession, seeOther, stepPath } from '../flow';
import { sendResumeCode } from './resume';
import { authorisationStatus, recordVisit } from '../payer-services';
import { AGAIN_PARAM, linkTarget } from '../dropin';
import { hasSessionCookie } from '../session';
import { readBody } from './run-step';

/**
 * The flow's pages that are not steps: its link, the language switch and the live status the
 * bank step polls. Each sends the payer to the step they are on.
 */

/**
 * The flow's link (`authorisation_url`): starts the payer's session and records the visit once per
 * session. A step reached without a session sends the payer back here once more ("again", no
 * second visit written); if the cookie still does not come back, that step shows the cookies page
 * rather than sending them round again.
 */
export async function enterFlow({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context, { establish: true });
  const lang = page.url.searchParams.get('lang');
  // A link opened again after someone else completed it: its own page, not a success it did not see.
  const alreadyCompleted = page.step === 'success' && !page.session.visited;
  const again = page.url.searchParams.has(AGAIN_PARAM);
  if (!page.session.visited && !again) await recordVisit(context, page.payer);
  // Another browser after the payer answered: a code to their email first (decision 0093), sent once
  // as the session begins (the code page offers a new one).
  if (page.session.locked && !page.session.visited && !again) await sendResumeCode(page);
  const cookie = await saveSession(page, { visited: true, ...(isLanguage(lang) ? { language: lang } : {}) });
  const flowId = page.payer.flow.id;
  const target = alreadyCompleted
    ? `/pay/${flowId}/completed`
    : page.session.locked
      ? resumePath(flowId)
      : stepPath(flowId, page.step);
  return seeOther(linkTarget(target, page.url, again && !hasSessionCookie(request)), cookie);
}

const languageForm = z.object({ language: z.enum(LANGUAGES) });

/** The language switch: remembered in the session, then back to the step. A form without a language changes nothing. */
export async function switchLanguage({ request, params, context }: ActionFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context, { resume: true });
  const form = await readBody(request);
  if (form) checkCsrf(request, page, form);
  const parsed = languageForm.safeParse(form ? Object.fromEntries(form) : {});
  const cookie = parsed.success ? await saveSession(page, { language: parsed.data.language }) : undefined;
  const flowId = page.payer.flow.id;
  return seeOther(page.session.locked ? resumePath(flowId) : stepPath(flowId, page.step), cookie);
}

/** The step the payer is on (the language switch has no page of its own). */
export async function backToStep({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  return seeOther(stepPath(page.payer.flow.id, page.step), page.cookie);
}

/** For the bank step's live status (JavaScript): where the payer belongs now. */
export async function flowStatus({ request, params, context }: LoaderFunctionArgs) {
  const page = await loadFlowPage(request, params.flowId, context);
  const status = await authorisationStatus(context, page.payer);
  // An answer from the bank is handled by the bank-return page (success, or a failure to explain).
  const location =
    status && status !== 'pending' ? `/pay/${page.payer.flow.id}/bank-return` : stepPath(page.payer.flow.id, page.step);
  return json({ step: page.step, authorisation: status, location }, { headers: { 'cache-control': 'no-store' } });
}
