import type { AppLoadContext } from '@remix-run/node';
import type { PayerFlow } from '../../server/domain/flows/payer';
import type { FlowPage } from './flow';
import { dropinFramingOrigin, dropinSuccess } from './payer-services';

/**
 * The hosted flow inside the drop-in (docs/dropin.md): the merchant page's script opens the flow's
 * link in an iframe with `dropin_origin=<the page's origin>`; the link checks it against the
 * organisation's registered origins and keeps it in the payer's session. From then on the pages
 * may be framed by that origin only, their events have `source.type: dropin`, and the outcome is
 * posted to that origin only (never '*').
 */
export const DROPIN_PARAM = 'dropin_origin';
/**
 * The link on a second try (a step had no session, or the cookies page's "try again"): the visit
 * was recorded on the first, so none is written again.
 */
export const AGAIN_PARAM = 'again';
/** The step after a second try: a session cookie was just set, so its absence means cookies are refused. */
export const ENTERED_PARAM = 'entered';

/** Why the drop-in ended without success, as `onExit(null, { reason })` gives it (docs/dropin.md). */
export const DROPIN_EXIT_REASONS = [
  'bank_not_listed',
  'cancelled_by_payer',
  'flow_expired',
  'flow_failed',
  'flow_cancelled',
  'payer_exited',
] as const;
export type DropinExitReason = (typeof DROPIN_EXIT_REASONS)[number];

/** The payer's flow as the drop-in runs it: framed by the merchant origin, its events from `dropin`. */
export function inDropin(context: AppLoadContext, payer: PayerFlow, origin: string): PayerFlow {
  context.frameAncestor = origin;
  return { ...payer, actor: { ...payer.actor, source: { type: 'dropin', name: payer.flow.id } } };
}

/** The cookies page, keeping the drop-in origin so that page can be framed too. */
export function cookiesPagePath(flowId: string, url: URL): string {
  const origin = url.searchParams.get(DROPIN_PARAM);
  return `/pay/${flowId}/cookies${origin ? `?${new URLSearchParams({ [DROPIN_PARAM]: origin })}` : ''}`;
}

/** The query that keeps the drop-in's origin on the way through the link's redirects. */
function withDropin(query: URLSearchParams, url: URL): URLSearchParams {
  const origin = url.searchParams.get(DROPIN_PARAM);
  if (origin) query.set(DROPIN_PARAM, origin);
  return query;
}

/** A step reached without a session sends the payer back to the link, marked as a second try. */
export function linkAgainPath(flowId: string, url: URL): string {
  return `/pay/${flowId}?${withDropin(new URLSearchParams({ [AGAIN_PARAM]: '1' }), url)}`;
}

/**
 * Where the link sends the payer: their step. On a second try without a cookie the step is marked,
 * so that if the cookie does not come back this time either, the step shows the cookies page.
 */
export function linkTarget(path: string, url: URL, secondTryWithoutCookie: boolean): string {
  const query = withDropin(new URLSearchParams(secondTryWithoutCookie ? { [ENTERED_PARAM]: '1' } : {}), url);
  return query.size ? `${path}?${query}` : path;
}

/** What a page posts to the merchant page: the origin it may go to and the message itself. */
export interface DropinMessage {
  origin: string;
  message: string;
}

const message = (origin: string, body: Record<string, unknown>): DropinMessage => ({
  origin,
  message: JSON.stringify({ source: 'bankflow-dropin', ...body }),
});

/** On the success page: the billing request and flow exactly as the API serialises them. */
export async function successMessage(page: FlowPage): Promise<DropinMessage | null> {
  if (!page.session.dropin) return null;
  const { billingRequest, billingRequestFlow } = await dropinSuccess(page.context, page.payer);
  return message(page.session.dropin, { event: 'success', billingRequest, billingRequestFlow });
}

/** On a page where the flow ends without success. */
export function exitMessage(page: FlowPage, reason: DropinExitReason): DropinMessage | null {
  return page.session.dropin ? message(page.session.dropin, { event: 'exit', reason }) : null;
}

/** In the drop-in the payer leaves through the exit page (which tells the merchant page), not to a merchant URI. */
export function dropinExitPath(page: FlowPage, reason: DropinExitReason): string | null {
  return page.session.dropin ? `/pay/${page.payer.flow.id}/dropin-exit?reason=${reason}` : null;
}

/**
 * For the billing request template's landing page (`/pay/templates/BRT…`, which the drop-in opens
 * for `billingRequestTemplateID` with `dropin_origin` in its query): call it from that page's loader
 * and action with the template's organisation, so the page may be framed by the merchant origin
 * when the organisation allows it. The page then keeps its query string on its 303 to the new
 * flow's link, which carries the drop-in on from there.
 */
export async function allowTemplateFraming(context: AppLoadContext, organisationId: string, url: URL) {
  const origin = await dropinFramingOrigin(context, organisationId, url.searchParams.get(DROPIN_PARAM));
  if (origin) context.frameAncestor = origin;
  return origin;
}
