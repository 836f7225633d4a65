import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import type { LinkPurpose } from '../../../server/domain/dashboard-users/service';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../server/domain/dashboard-users/passwords';
import { dashboardTranslator } from '../../i18n/dashboard';
import { linkIsLive, requestPasswordReset, setPasswordWithLink, signOutEverywhere } from '../dashboard-services';
import { anonymousForm, anySession, languageOf, noStore, signedInForm } from './guard';
import { dashboardCookie, newDashboardSession, signedInSession } from './session';

/**
 * The account's own pages: signing out (here or everywhere), asking for a reset link, and choosing
 * a password through a one-time link (the first admin's welcome link, an invitation and reset links
 * alike). A link is spent only when the new password is saved, and saving it ends every older
 * session. An invitation's new user is signed in at once (they have no second factor yet); the
 * others sign in with their new password.
 */
const signedOut = async (secret: string) =>
  redirect('/dashboard/sign-in?done=signed_out', {
    status: 303,
    headers: noStore(await dashboardCookie(newDashboardSession(), secret)),
  });

export async function signOut(args: ActionFunctionArgs) {
  const { user, form } = await signedInForm(args);
  if (form.get('everywhere') === 'yes') await signOutEverywhere(args.context, user);
  return signedOut(args.context.sessionSecret);
}

export async function showReset(args: LoaderFunctionArgs) {
  const { session, cookie } = await anySession(args);
  const sent = new URL(args.request.url).searchParams.get('sent') === '1';
  return json({ language: languageOf(args.request), csrf: session.csrf, sent }, { headers: noStore(cookie) });
}

export async function submitReset(args: ActionFunctionArgs) {
  const { form } = await anonymousForm(args);
  const email = form.get('email');
  if (typeof email !== 'string' || email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
    const t = dashboardTranslator(languageOf(args.request));
    return json(
      { errors: [{ field: 'email', message: t('reset.email_invalid') }] },
      { status: 400, headers: noStore() },
    );
  }
  await requestPasswordReset(args.context, email.trim());
  return redirect('/dashboard/reset?sent=1', { status: 303, headers: noStore() });
}

export async function showChoosePassword(args: LoaderFunctionArgs, purpose: LinkPurpose) {
  const { session, cookie } = await anySession(args);
  const live = await linkIsLive(args.context, args.params.token ?? '', purpose);
  return json(
    { language: languageOf(args.request), csrf: session.csrf, live, purpose },
    { status: live ? 200 : 410, headers: noStore(cookie) },
  );
}

export async function submitChoosePassword(args: ActionFunctionArgs, purpose: LinkPurpose) {
  const { form } = await anonymousForm(args);
  const t = dashboardTranslator(languageOf(args.request));
  const password = form.get('password');
  const confirm = form.get('confirm');
  const problem =
    typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH
      ? { field: 'password', message: t('password.too_short') }
      : password.length > PASSWORD_MAX_LENGTH
        ? { field: 'password', message: t('password.too_long') }
        : confirm !== password
          ? { field: 'confirm', message: t('password.mismatch') }
          : null;
  if (problem) return json({ errors: [problem] }, { status: 400, headers: noStore() });
  const user = await setPasswordWithLink(args.context, args.params.token ?? '', purpose, password as string);
  if (!user) return json({ errors: [], dead: true }, { status: 410, headers: noStore() });
  if (purpose === 'invite') {
    const session = signedInSession(user.id, user.session_generation);
    const cookie = await dashboardCookie(session, args.context.sessionSecret);
    return redirect('/dashboard', { status: 303, headers: noStore(cookie) });
  }
  return redirect('/dashboard/sign-in?done=password_saved', { status: 303, headers: noStore() });
}
