import { createHash } from 'node:crypto';
import { json, redirect, type AppLoadContext } from '@remix-run/node';
import {
  canVisit,
  currentStep,
  isClosedStep,
  isPayerStep,
  stepNavigation,
  type FlowStep,
} from '../../server/domain/flows/steps';
import type { PayerFlow } from '../../server/domain/flows/payer';
import { mandateSpec, requestCurrency } from '../../server/domain/billing-requests/actions';
import { ACCOUNT_DETAILS } from '../../server/domain/schemes/payer-fields';
import { mandateText } from '../../server/domain/schemes/mandate-text';
import type { Currency } from '../../server/domain/shared/money';
import { formattingLocale, isLanguage, negotiateLanguage, type Language } from '../../i18n/languages';
import { translator, type Translate } from '../../i18n/flow';
import { orderSummary } from './order-summary';
import { brandingOf, creditorOf, dropinFramingOrigin, loadPayer } from './payer-services';
import { brandFrame, contactOf } from './branding';
import { isPhone } from './device';
import type { CreditorBranding } from '../../server/domain/branding/service';
import type { CreditorRow } from '../../server/domain/creditors/types';
import { csrfMatches, newSession, readSession, sessionCookie, type PayerSession } from './session';
import { DROPIN_PARAM, ENTERED_PARAM, cookiesPagePath, inDropin, linkAgainPath } from './dropin';

/**
 * What every page of the hosted flow starts with: the flow and its billing request, the payer's
 * session, their language and the step they belong on. Throws the Response to send instead
 * (a not-found page, a redirect to the right step, a refusal) when the page cannot be shown.
 */
export interface FlowPage {
  payer: PayerFlow;
  /** The creditor being paid: its name, address and contact are on every page. */
  creditor: CreditorRow;
  /** The creditor's logo and theme, shown in every page's header. */
  branding: CreditorBranding;
  session: PayerSession;
  /** The step the payer belongs on. */
  step: FlowStep;
  /**
   * The step this page shows when it is not that one: an earlier answer opened to change it (Back,
   * "Change"). Its progress and Back are its own.
   */
  shown?: FlowStep;
  language: Language;
  /** The locale dates, times and amounts are written in: the language as the payer's country writes it. */
  locale: string;
  t: Translate;
  now: Date;
  /** The page's address, for what its query string asks (a bank search, a notice). */
  url: URL;
  /** The payer is on a phone (its user agent says so): nothing offers to continue "on your phone". */
  onPhone: boolean;
  context: AppLoadContext;
  /** Set-Cookie to send when the session was created or changed. */
  cookie?: string;
}

/** Where a step lives: the three ways a flow can end without success share the `closed` page. */
export const stepPath = (flowId: string, step: FlowStep) => `/pay/${flowId}/${isClosedStep(step) ? 'closed' : step}`;

/** The Direct Debit Guarantee in the payer's language, naming the creditor (Bacs mandates only). */
export const guaranteeOf = (page: FlowPage) => {
  const text = mandateText('bacs', page.language, { creditorName: page.creditor.name, creditorIdentifier: '' })!;
  return text.sections[text.sections.length - 1]!;
};

/** What every page's frame needs. */
export function frameData(page: FlowPage) {
  // The page's own place in the order, and Back to the question before it (issue #38.4).
  const shown = page.shown ?? page.step;
  const { progress, back } = stepNavigation(page.payer.view, page.payer.flow, { shown, current: page.step });
  return {
    language: page.language,
    /** The form was refused: the title starts "Error: " (GOV.UK). */
    hasErrors: Boolean(page.context.formRefused),
    creditorName: page.payer.view.creditorName,
    flowId: page.payer.flow.id,
    csrf: page.session.csrf,
    progress: progress && { ...progress, name: page.t(`${shown}.title`) },
    backHref: back && stepPath(page.payer.flow.id, back),
    // Every step the payer can still give up on offers "Cancel", which asks before it cancels.
    cancelHref: isPayerStep(page.step) ? `/pay/${page.payer.flow.id}/cancel` : undefined,
    // The creditor's contact in every page's footer: whom to ask, before or after paying.
    creditorContact: contactOf(page.creditor),
    ...brandFrame(page.branding),
    // In the drop-in, the merchant origin the page may talk to (Esc closes the modal).
    dropinOrigin: page.session.dropin,
    summary: orderSummary(page.payer.view.request, page.payer.view.creditorName, page.t, page.locale),
    // Bacs: the Direct Debit mark and the way to the Guarantee on every step, not only the last.
    guarantee:
      mandateSpec(page.payer.view.request)?.scheme === 'bacs'
        ? { href: `/pay/${page.payer.flow.id}/guarantee`, label: guaranteeOf(page).title }
        : undefined,
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
  options: { establish?: boolean; resume?: boolean } = {},
): Promise<FlowPage> {
  const { sessionSecret } = context;
  let payer = flowId ? await loadPayer(context, flowId) : null;
  if (!payer) notFoundPage(request);
  // A redirect flow's payer who is done goes back to the merchant until the merchant completes it.
  if (payer.handedOverTo && payer.view.request.status === 'ready_to_fulfil') throw redirect(payer.handedOverTo, 303);
  // Read after loadPayer: the services are then on the organisation's clock when it has a test clock.
  const now = context.services.clock.now();
  const url = new URL(request.url);
  let session = await readSession(request, payer.flow.id, sessionSecret);
  let cookie: string | undefined;
  if (!session) {
    const viaToken = sessionTokenValid(request, payer);
    if (!options.establish && !viaToken) {
      if (request.method !== 'GET') errorPage(403, languageFor(request, payer, null));
      // Back from the link a second time and still without the cookie it set: the browser refuses
      // cookies. Sending the payer round again would loop; the cookies page explains instead.
      if (url.searchParams.has(ENTERED_PARAM)) throw redirect(cookiesPagePath(payer.flow.id, url), 303);
      throw redirect(linkAgainPath(payer.flow.id, url), 303);
    }
    session = newSession(payer.flow.id);
    // Another browser or device, after the payer answered: the answers wait for their email's code.
    if (!viaToken && resumeNeedsCode(payer, now)) session.locked = true;
    cookie = await sessionCookie(session, sessionSecret, payer.flow.expires_at, now);
  }
  // The drop-in is entered through the link with the merchant page's origin, checked once here.
  const dropin = options.establish
    ? await dropinFramingOrigin(context, payer.flow.organisation_id, url.searchParams.get(DROPIN_PARAM))
    : null;
  if (dropin && session.dropin !== dropin) {
    session = { ...session, dropin };
    cookie = await sessionCookie(session, sessionSecret, payer.flow.expires_at, now);
  }
  if (session.dropin) payer = inDropin(context, payer, session.dropin);
  const step = currentStep({ flow: payer.flow, view: payer.view, now, currencySeen: Boolean(session.currencySeen) });
  if (session.locked && !options.resume && !options.establish) guardLocked(payer.flow.id, step, url, cookie);
  const language = languageFor(request, payer, session);
  const creditor = await creditorOf(context, payer);
  return {
    payer,
    creditor,
    branding: await brandingOf(context, creditor.id),
    session,
    step,
    language,
    // Until the payer names their country, the country of the account they pay from ("$19.99" in USD).
    locale: formattingLocale(
      language,
      payer.view.billingDetail.country_code ??
        ACCOUNT_DETAILS[requestCurrency(payer.view.request) as Currency]?.country,
    ),
    t: translator(language),
    now,
    url,
    onPhone: isPhone(request.headers.get('user-agent')),
    context,
    cookie,
  };
}

/** The page where a locked session enters the code sent to the payer's email (decision 0093). */
export const resumePath = (flowId: string) => `/pay/${flowId}/resume`;

/**
 * Whether a new session must confirm the payer's email first: the payer answered a step and gave
 * an email, and the flow is still on a step (a finished or closed flow shows no answers).
 */
export function resumeNeedsCode(payer: PayerFlow, now: Date): boolean {
  if (!payer.flow.payer_answered_at || !payer.view.customer.email) return false;
  return isPayerStep(currentStep({ flow: payer.flow, view: payer.view, now, currencySeen: true }));
}

/** Pages a locked session may see: none shows the payer's answers. */
const LOCKED_PAGES = new Set(['resume', 'completed', 'closed', 'cookies', 'guarantee']);

/** A locked session goes to the code page while the flow is on a step, to "completed" once it succeeded. */
function guardLocked(flowId: string, step: FlowStep, url: URL, cookie: string | undefined): void {
  const page = url.pathname.split('/')[3] ?? '';
  if (LOCKED_PAGES.has(page)) return;
  const headers = cookie ? { 'set-cookie': cookie } : undefined;
  if (isPayerStep(step)) throw redirect(resumePath(flowId), { status: 303, headers });
  if (step === 'success') throw redirect(`/pay/${flowId}/completed`, { status: 303, headers });
}

/** The "Change" link from the page the payer is on to an earlier step's answer, or null when it may not be changed. */
export const changeHref = (page: FlowPage, step: FlowStep): string | null =>
  canVisit(step, page.step, page.payer.flow) ? stepPath(page.payer.flow.id, step) : null;

/** Sends the payer to the step they belong on, unless this page is one they may see now. */
export function guardStep(page: FlowPage, step: FlowStep): void {
  if (!canVisit(step, page.step, page.payer.flow)) {
    throw redirect(stepPath(page.payer.flow.id, page.step), {
      status: 303,
      headers: page.cookie ? { 'set-cookie': page.cookie } : {},
    });
  }
}

/** Refuses a form (403) unless it carries the session's CSRF token or the request a valid session token. */
export function checkCsrf(request: Request, page: FlowPage, form: FormData): void {
  if (!csrfMatches(page.session, form.get('csrf')) && !sessionTokenValid(request, page.payer))
    errorPage(403, page.language);
}

export async function saveSession(page: FlowPage, changes: Partial<PayerSession>): Promise<string> {
  const session = { ...page.session, ...changes };
  return sessionCookie(session, page.context.sessionSecret, page.payer.flow.expires_at, page.now);
}

/** Where the payer goes after a change: the step they now belong on, or the merchant when the success screen is skipped. */
export async function nextLocation(page: FlowPage, changes: Partial<PayerSession> = {}): Promise<string> {
  const payer = (await loadPayer(page.context, page.payer.flow.id))!;
  if (payer.handedOverTo && payer.view.request.status === 'ready_to_fulfil') return payer.handedOverTo;
  const step = currentStep({
    flow: payer.flow,
    view: payer.view,
    now: page.now,
    currencySeen: Boolean(changes.currencySeen ?? page.session.currencySeen),
  });
  // In the drop-in the merchant page gets the outcome by postMessage: the frame never leaves for it.
  if (step === 'success' && payer.flow.skip_success_screen && payer.flow.redirect_uri && !page.session.dropin) {
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
