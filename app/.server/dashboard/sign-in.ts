import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { anonymousForm, anySession, languageOf, noStore, safeNext } from './guard';
import { dashboardCookie, readDashboardSession, signedInSession } from './session';

/**
 * Signing in: email and password, then (for users with TOTP) the code. A wrong answer at either
 * step counts towards the lockout; a locked account is answered 429 with the time it opens again,
 * without its password being checked. A success starts a new session (new CSRF token).
 */
const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === 'string' && value.length <= max ? value : '';
};

export async function showSignIn(args: LoaderFunctionArgs) {
  const { session, cookie } = await anySession(args);
  const url = new URL(args.request.url);
  return json(
    {
      language: languageOf(args.request),
      csrf: session.csrf,
      next: safeNext(url.searchParams.get('next')),
      done: url.searchParams.get('done'),
    },
    { headers: noStore(cookie) },
  );
}

function refusal(request: Request, status: 400 | 429, message: string, field: string, email = '') {
  return json({ errors: [{ field, message }], email }, { status, headers: noStore() });
}

const lockedMessage = (request: Request, until: Date) =>
  dashboardTranslator(languageOf(request))('signin.locked', {
    time: until.toISOString().slice(0, 16).replace('T', ' '),
  });

export async function submitSignIn(args: ActionFunctionArgs) {
  const { session, form } = await anonymousForm(args);
  const t = dashboardTranslator(languageOf(args.request));
  const email = text(form, 'email', 254).trim();
  const password = text(form, 'password', 200);
  const next = safeNext(form.get('next'));
  if (!email || !password) return refusal(args.request, 400, t('signin.refused'), 'email', email);
  const result = await write(args.context, (tx) => args.context.services.dashboardUsers.signIn(tx, email, password));
  if (result.outcome === 'locked')
    return refusal(args.request, 429, lockedMessage(args.request, result.until), 'email', email);
  if (result.outcome === 'refused') return refusal(args.request, 400, t('signin.refused'), 'email', email);
  const secret = args.context.sessionSecret;
  if (result.outcome === 'second_factor') {
    const pending = { ...session, pending: { userId: result.user.id, generation: result.user.session_generation } };
    return redirect(`/dashboard/sign-in/code?next=${encodeURIComponent(next)}`, {
      status: 303,
      headers: noStore(await dashboardCookie(pending, secret)),
    });
  }
  const cookie = await dashboardCookie(signedInSession(result.user.id, result.user.session_generation), secret);
  return redirect(next, { status: 303, headers: noStore(cookie) });
}

export async function showSecondFactor(args: LoaderFunctionArgs) {
  const session = await readDashboardSession(args.request, args.context.sessionSecret);
  if (!session?.pending) throw redirect('/dashboard/sign-in', 303);
  const next = safeNext(new URL(args.request.url).searchParams.get('next'));
  return json({ language: languageOf(args.request), csrf: session.csrf, next }, { headers: noStore() });
}

export async function submitSecondFactor(args: ActionFunctionArgs) {
  const { session, form } = await anonymousForm(args);
  if (!session.pending) throw redirect('/dashboard/sign-in', 303);
  const { userId } = session.pending;
  const t = dashboardTranslator(languageOf(args.request));
  const code = text(form, 'code', 20);
  const result = /^\s*\d{3}\s?\d{3}\s*$/.test(code)
    ? await write(args.context, (tx) => args.context.services.dashboardUsers.checkSecondFactor(tx, userId, code))
    : ({ outcome: 'refused' } as const);
  if (result.outcome === 'locked') return refusal(args.request, 429, lockedMessage(args.request, result.until), 'code');
  if (result.outcome !== 'signed_in' || result.user.session_generation !== session.pending.generation)
    return refusal(args.request, 400, t('code.refused'), 'code');
  const cookie = await dashboardCookie(
    signedInSession(result.user.id, result.user.session_generation),
    args.context.sessionSecret,
  );
  return redirect(safeNext(form.get('next')), { status: 303, headers: noStore(cookie) });
}
