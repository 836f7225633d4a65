import { json } from '@remix-run/node';
import { negotiateLanguage } from '../../i18n/languages';

/** Set by server/http/remix.ts (UNREADABLE_ADDRESS_HEADER there) on a request whose query is not UTF-8. */
const UNREADABLE_ADDRESS_HEADER = 'x-bankflow-unreadable-address';

/**
 * Whether a page's address is text we can read: its query's percent-escapes decode to UTF-8.
 * `?next=%FF` would otherwise reach a loader as U+FFFD, text nobody typed (issue 40.5). Remix has
 * re-encoded the query by now, so the HTTP layer, which saw it as it came, says so in a header.
 */
export const isReadableAddress = (request: Request): boolean => !request.headers.has(UNREADABLE_ADDRESS_HEADER);

/** The error page (400, "This address cannot be read") for an address that is not. */
export function refuseUnreadableAddress(request: Request): void {
  if (isReadableAddress(request)) return;
  const language = negotiateLanguage(request.headers.get('accept-language'));
  throw json({ language, reason: 'bad_address' }, { status: 400, headers: { 'cache-control': 'no-store' } });
}
