import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { MAILBOX_ACCESS_SECONDS, MAILBOX_COOKIE } from '../../../server/domain/notifications/mailbox-access';
import { dashboardError, noStore, signedIn } from './guard';

/**
 * The way into the sandbox mailbox for a signed-in user (decision 0064): a pass to their
 * organisation's mail, as a cookie only `/sandbox/mailbox` receives, then the mailbox itself. Any
 * role may read it (viewers see every page). Live has no mailbox.
 */
export async function openMailbox(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  if (args.context.services.environment !== 'sandbox') dashboardError(404, who.language, 'not_found');
  const pass = await args.context.services.mailboxAccess.grant(who.user.organisation_id);
  const cookie = `${MAILBOX_COOKIE}=${encodeURIComponent(pass)}; Path=/sandbox/mailbox; Max-Age=${MAILBOX_ACCESS_SECONDS}; HttpOnly; Secure; SameSite=Lax`;
  return redirect('/sandbox/mailbox', { status: 303, headers: noStore(cookie) });
}
