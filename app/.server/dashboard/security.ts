import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { dashboardTranslator } from '../../../i18n/dashboard';
import { inUnitOfWork as write } from '../unit-of-work';
import { noStore, signedIn, signedInForm } from './guard';
import { dashboardCookie } from './session';

/**
 * Security: the user's own two-step verification and "sign out everywhere" (any role may manage
 * their own account). A new TOTP secret lives only in the user's sealed session until a code
 * made from it comes back, so a half-finished setup never locks anyone out.
 */
export async function presentSecurity(args: LoaderFunctionArgs) {
  const { user, session, language } = await signedIn(args);
  return json(
    {
      frame: { language, csrf: session.csrf, email: user.email, role: user.role },
      totpOn: user.totp_secret !== null,
      setup: session.totpSetup ?? null,
      done: new URL(args.request.url).searchParams.get('done'),
    },
    { headers: noStore() },
  );
}

export async function submitSecurity(args: ActionFunctionArgs) {
  const { user, session, form, language } = await signedInForm(args);
  const secret = args.context.sessionSecret;
  const intent = form.get('intent');
  if (intent === 'totp_start') {
    const { secret: totpSetup } = args.context.services.dashboardUsers.newTotpSecret(user.email);
    const cookie = await dashboardCookie({ ...session, totpSetup }, secret);
    return redirect('/dashboard/security', { status: 303, headers: noStore(cookie) });
  }
  if (intent === 'totp_confirm' && session.totpSetup) {
    const { totpSetup } = session;
    const code = form.get('code');
    const saved =
      typeof code === 'string' &&
      code.length <= 20 &&
      (await write(args.context, (tx) =>
        args.context.services.dashboardUsers.enableTotp(tx, user.id, totpSetup, code),
      ));
    if (!saved) {
      const message = dashboardTranslator(language)('code.refused');
      return json({ errors: [{ field: 'code', message }] }, { status: 400, headers: noStore() });
    }
    const cookie = await dashboardCookie({ ...session, totpSetup: undefined }, secret);
    return redirect('/dashboard/security?done=totp_on', { status: 303, headers: noStore(cookie) });
  }
  if (intent === 'totp_off') {
    await write(args.context, (tx) => args.context.services.dashboardUsers.disableTotp(tx, user.id));
    return redirect('/dashboard/security?done=totp_off', { status: 303, headers: noStore() });
  }
  return json({ errors: [] }, { status: 400, headers: noStore() });
}
