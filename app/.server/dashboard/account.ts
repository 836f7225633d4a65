import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import type { LinkPurpose } from '../../../server/domain/dashboard-users/service';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../../server/domain/dashboard-users/passwords';
import { isEmailAddress } from '../../../server/domain/shared/email';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { anonymousForm, anySession, languageOf, noStore, signedInForm } from './guard';
import { dashboardCookie, newDashboardSession, signedInSession } from './session';

/**
 * The account's own pages: signing out (here or everywhere), asking for a reset link, and choosing
 * a password through a one-time link (the first admin's welcome link, an invitation and reset links
 * alike). A link is spent only when the new password is saved, and saving it ends every older
 * session and signs the user in (decision 0064): at once, or through the code step when they have
 * TOTP, as a sign-in with the password would.
 */
const signedOut = async (secret: string) =>
  redirect('/dashboard/sign-in?done=signed_out', {
    status: 303,
    headers: noStore(await dashboardCookie(newDashboardSession(), secret)),
  });

export async function signOut(args: ActionFunctionArgs) {
  const { user, form } = await signedInForm(args);
  if (form.get('everywhere') === 'yes')
    await write(args.context, (tx) => args.context.services.dashboardUsers.signOutEverywhere(tx, user.id));
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
  if (typeof email !== 'string' || !isEmailAddress(email.trim())) {
    const t = dashboardTranslator(languageOf(args.request));
    return json(
      { errors: [{ field: 'email', message: t('reset.email_invalid') }], email: String(email ?? '').slice(0, 300) },
      { status: 400, headers: noStore() },
    );
  }
  await requestPasswordReset(args.context, email.trim());
  return redirect('/dashboard/reset?sent=1', { status: 303, headers: noStore() });
}

/**
 * A reset link for the address, mailed after the commit through the service's mailer (the
 * sandbox's logs it). Nothing tells the asker whether the address is a user's.
 */
async function requestPasswordReset(context: AppLoadContext, email: string) {
  const issued = await write(context, (tx) => context.services.dashboardUsers.requestReset(tx, email));
  if (!issued) return;
  const link = `${context.config.publicUrl}/dashboard/reset/${issued.token}`;
  await context.services.mailer.send({
    to: issued.user.email,
    organisationId: issued.user.organisation_id,
    subject: 'Reset your bankflow dashboard password',
    text: `Someone asked to reset the password of your bankflow dashboard account.\n\nChoose a new password (the link works once, for an hour):\n${link}\n\nIf it was not you, ignore this message.`,
    language: 'en',
  });
}

export async function showChoosePassword(args: LoaderFunctionArgs, purpose: LinkPurpose) {
  const { session, cookie } = await anySession(args);
  const live = await args.context.services.dashboardUsers.linkIsLive(
    args.context.services.db,
    args.params.token ?? '',
    purpose,
  );
  return json(
    { language: languageOf(args.request), csrf: session.csrf, live, purpose },
    { status: live ? 200 : 410, headers: noStore(cookie) },
  );
}

export async function submitChoosePassword(args: ActionFunctionArgs, purpose: LinkPurpose) {
  const { session, form } = await anonymousForm(args);
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
  const user = await write(args.context, (tx) =>
    args.context.services.dashboardUsers.setPasswordWithLink(tx, args.params.token ?? '', purpose, password as string),
  );
  if (!user) return json({ errors: [], dead: true }, { status: 410, headers: noStore() });
  const secret = args.context.sessionSecret;
  if (user.totp_secret) {
    const pending = { ...session, pending: { userId: user.id, generation: user.session_generation } };
    return redirect(`/dashboard/sign-in/code?next=${encodeURIComponent('/dashboard')}`, {
      status: 303,
      headers: noStore(await dashboardCookie(pending, secret)),
    });
  }
  const cookie = await dashboardCookie(signedInSession(user.id, user.session_generation), secret);
  return redirect('/dashboard', { status: 303, headers: noStore(cookie) });
}
