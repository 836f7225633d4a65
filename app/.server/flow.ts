import { createHash } from 'node:crypto';
import { json, redirect, type AppLoadContext } from '@remix-run/node';
import { applicableSteps, currentStep, canVisit, type FlowStep } from '../../server/domain/flows/steps';
import type { PayerFlow } from '../../server/domain/flows/payer';
import { isLanguage, negotiateLanguage, type Language } from '../../server/i18n/languages';
import { translator, type Translate } from '../i18n';
import { csrfMatches, newSession, readSession, sessionCookie, type PayerSession } from './session';

/**
 * What every page of the hosted flow starts with: the flow and its billing request, the payer's
 * session, their language and the step they belong on. Throws the Response to send instead
 * (a not-found page, a redirect to the right step, a refusal) when the page cannot be shown.
 */
export interface FlowPage {
  payer: PayerFlow;
  session: PayerSession;
  step: FlowStep;
  language: Language;
  t: Translate;
  now: Date;
  context: AppLoadContext;
  /** Set-Cookie to send when the session was created or changed. */
  cookie?: string;
}

const CLOSED: FlowStep[] = ['failed', 'expired', 'cancelled'];
/** Where a step lives: the three ways a flow can end without success share the `closed` page. */
export const stepPath = (flowId: string, step: FlowStep) => `/pay/${flowId}/${CLOSED.includes(step) ? 'closed' : step}`;

/** What every page's frame needs. */
export function frameData(page: FlowPage) {
  const steps = applicableSteps(page.payer.view, page.payer.flow);
  const index = steps.indexOf(page.step);
  return {
    language: page.language,
    creditorName: page.payer.view.creditorName,
    flowId: page.payer.flow.id,
    csrf: page.session.csrf,
    progress: index >= 0 ? { current: index + 1, total: steps.length } : undefined,
  };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A `session_token` from `initialise` (query `session_token` or header X-Session-Token). */
function sessionTokenValid(request: Request, payer: PayerFlow): boolean {
  const given = new URL(request.url).searchParams.get('session_token') ?? request.headers.get('x-session-token');
  return Boolean(given && payer.flow.session_token_hash && hashToken(given) === payer.flow.session_token_hash);
}

export function languageFor(request: Request, payer: PayerFlow, session?: PayerSession | null): Language {
  if (session?.language && isLanguage(session.language)) return session.language;
  if (isLanguage(payer.flow.language)) return payer.flow.language;
  if (isLanguage(payer.view.customer.language)) return payer.view.customer.language;
  return negotiateLanguage(request.headers.get('accept-language'));
}

/**
 * Ends the request with an error page (the root ErrorBoundary) in the payer's language: 404 for
 * an unknown flow, 403 for a form the session cannot vouch for.
 */
export function errorPage(status: 403 | 404, language: Language): never {
  throw json({ language }, { status });
}

export function notFoundPage(request: Request): never {
  errorPage(404, negotiateLanguage(request.headers.get('accept-language')));
}

/**
 * Loads a flow page. `establish` pages (the flow's own link) start a session when there is none;
 * other pages send a payer without one back to the link, and refuse a POST outright.
 */
export async function loadFlowPage(
  request: Request,
  flowId: string | undefined,
  context: AppLoadContext,
  options: { establish?: boolean } = {},
): Promise<FlowPage> {
  const { services, sessionSecret } = context;
  const payer = flowId ? await services.payerFlows.load(flowId) : null;
  if (!payer) notFoundPage(request);
  const now = services.clock.now();
  let session = await readSession(request, payer.flow.id, sessionSecret);
  let cookie: string | undefined;
  if (!session) {
    const viaToken = sessionTokenValid(request, payer);
    if (!options.establish && !viaToken) {
      if (request.method !== 'GET') errorPage(403, languageFor(request, payer, null));
      throw redirect(`/pay/${payer.flow.id}`, 303);
    }
    session = newSession(payer.flow.id);
    cookie = await sessionCookie(session, sessionSecret, payer.flow.expires_at, now);
  }
  const step = currentStep({ flow: payer.flow, view: payer.view, now, currencySeen: Boolean(session.currencySeen) });
  const language = languageFor(request, payer, session);
  return { payer, session, step, language, t: translator(language), now, context, cookie };
}

/** Sends the payer to the step they belong on, unless this page is one they may see now. */
export function guardStep(page: FlowPage, step: FlowStep): void {
  if (!canVisit(step, page.step, page.payer.flow)) {
    throw redirect(stepPath(page.payer.flow.id, page.step), {
      status: 303,
      headers: page.cookie ? { 'set-cookie': page.cookie } : {},
    });
  }
}

/** Reads a POSTed form, refusing it (403) unless it carries the session's CSRF token or a valid session token. */
export async function readForm(request: Request, page: FlowPage): Promise<FormData> {
  const form = await request.formData();
  if (!csrfMatches(page.session, form.get('csrf')) && !sessionTokenValid(request, page.payer))
    errorPage(403, page.language);
  return form;
}

export async function saveSession(page: FlowPage, changes: Partial<PayerSession>): Promise<string> {
  const session = { ...page.session, ...changes };
  return sessionCookie(session, page.context.sessionSecret, page.payer.flow.expires_at, page.now);
}

/** Where the payer goes after a change: the step they now belong on, or the merchant when the success screen is skipped. */
export async function nextLocation(page: FlowPage, changes: Partial<PayerSession> = {}): Promise<string> {
  const payer = (await page.context.services.payerFlows.load(page.payer.flow.id))!;
  const step = currentStep({
    flow: payer.flow,
    view: payer.view,
    now: page.now,
    currencySeen: Boolean(changes.currencySeen ?? page.session.currencySeen),
  });
  if (step === 'success' && payer.flow.skip_success_screen && payer.flow.redirect_uri) {
    return merchantReturn(payer.flow.redirect_uri, payer.flow.id, 'success');
  }
  return stepPath(payer.flow.id, step);
}

/** After a successful POST: 303 to where the payer goes next (never re-POST on reload). */
export function seeOther(location: string, cookie?: string): Response {
  return redirect(location, { status: 303, headers: cookie ? { 'set-cookie': cookie } : {} });
}

/**
 * A merchant URI with the outcome appended: `outcome` and the flow `id` (spec). Only the URIs the
 * merchant set on the flow are ever used.
 */
export function merchantReturn(uri: string, flowId: string, outcome: 'success' | 'failure' | 'timeout'): string {
  const url = new URL(uri);
  url.searchParams.set('outcome', outcome);
  url.searchParams.set('id', flowId);
  return url.toString();
}
