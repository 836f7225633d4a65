import { json, redirect, type AppLoadContext } from '@remix-run/node';
import type { DashboardUserRow } from '../../../server/domain/dashboard-users/service';
import type { Actor } from '../../../server/domain/shared/actor';
import { negotiateLanguage, type Language } from '../../../i18n/languages';
import { onOrganisationTime } from '../organisation-time';
import { readBody } from '../steps/run-step';
import {
  csrfMatches,
  dashboardCookie,
  newDashboardSession,
  readDashboardSession,
  type DashboardSession,
} from './session';

/**
 * Who is asking, for every dashboard page: a signed-in user whose session generation is still
 * theirs, or a redirect to sign in. Writes also need an admin (a viewer gets the 403 page) and the
 * session's CSRF token in the form (403 otherwise). Everything a page reads is the user's own
 * organisation's: another organisation's ids answer 404 further down, in the services.
 */
export interface DashboardArgs {
  request: Request;
  context: AppLoadContext;
}

export interface SignedIn {
  user: DashboardUserRow;
  session: DashboardSession;
  language: Language;
  /** Set when the session was just made and must be sent back. */
  cookie?: string;
}

export const languageOf = (request: Request) => negotiateLanguage(request.headers.get('accept-language'));

/** The dashboard's error pages (the layout's boundary): 403 `role` for a viewer, 403 `expired` for CSRF, 404. */
export function dashboardError(status: 403 | 404, language: Language, reason: 'role' | 'expired' | 'not_found'): never {
  throw json({ language, reason }, { status, headers: { 'cache-control': 'no-store' } });
}

/** The session, or a fresh one (sign-in pages need a CSRF token before anyone is known). */
export async function anySession({ request, context }: DashboardArgs) {
  const found = await readDashboardSession(request, context.sessionSecret);
  if (found) return { session: found, cookie: undefined };
  const session = newDashboardSession();
  return { session, cookie: await dashboardCookie(session, context.sessionSecret) };
}

/** The signed-in person as the services' actor: events they cause name them as a `user` source. */
export const actorOf = (user: DashboardUserRow): Actor => ({
  organisationId: user.organisation_id,
  origin: 'api',
  source: { type: 'user', name: user.email },
});

export async function signedIn(args: DashboardArgs): Promise<SignedIn> {
  const { request, context } = args;
  const session = await readDashboardSession(request, context.sessionSecret);
  const user =
    session?.userId && session.generation !== undefined
      ? await context.services.dashboardUsers.sessionUser(context.services.db, session.userId, session.generation)
      : null;
  if (!session || !user) {
    const url = new URL(request.url);
    const next = request.method === 'GET' ? `?next=${encodeURIComponent(url.pathname + url.search)}` : '';
    throw redirect(`/dashboard/sign-in${next}`, 303);
  }
  // The session is checked on real time; what the page then shows and writes is on the organisation's.
  await onOrganisationTime(context, user.organisation_id);
  return { user, session, language: languageOf(request) };
}

/** A POST from a signed-in user: the form, after the CSRF check. */
export async function signedInForm(args: DashboardArgs): Promise<SignedIn & { form: FormData }> {
  const who = await signedIn(args);
  const form = await readBody(args.request);
  if (!form || !csrfMatches(who.session, form.get('csrf'))) dashboardError(403, who.language, 'expired');
  return { ...who, form };
}

/** A write: a signed-in admin with a good CSRF token. Viewers get the 403 page before anything is read. */
export async function adminForm(args: DashboardArgs): Promise<SignedIn & { form: FormData }> {
  const who = await signedIn(args);
  if (who.user.role !== 'admin') dashboardError(403, who.language, 'role');
  return signedInForm(args);
}

/** A form before sign-in: the session it was shown with must vouch for it. */
export async function anonymousForm(args: DashboardArgs) {
  const session = await readDashboardSession(args.request, args.context.sessionSecret);
  const form = await readBody(args.request);
  if (!session || !form || !csrfMatches(session, form.get('csrf')))
    dashboardError(403, languageOf(args.request), 'expired');
  return { session, form };
}

/** A `next` address only within the dashboard, so the sign-in page cannot be used to send people elsewhere. */
export function safeNext(value: unknown): string {
  return typeof value === 'string' && /^\/dashboard(\/[A-Za-z0-9_\-/.?=&%]*)?$/.test(value) && !value.includes('//')
    ? value
    : '/dashboard';
}

export const noStore = (cookie?: string): HeadersInit =>
  cookie ? { 'cache-control': 'no-store', 'set-cookie': cookie } : { 'cache-control': 'no-store' };
