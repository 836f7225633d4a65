import type { LoaderFunctionArgs } from '@remix-run/node';
import { json } from '@remix-run/node';
import { AGAIN_PARAM, DROPIN_PARAM } from '../dropin';
import { languageFor, notFoundPage } from '../flow';
import { dropinFramingOrigin, loadPayer } from '../payer-services';

/**
 * The page for a browser that refused the session cookie (the link's first step came back without
 * it): in the payer's language, what is needed and how to go on. It reads nothing from a session
 * and writes nothing, so reloading it costs the merchant no events. In the drop-in, where a
 * browser may refuse third-party cookies, it offers the flow in a tab of its own.
 */
export async function presentCookiesNeeded({ request, params, context }: LoaderFunctionArgs) {
  const payer = params.flowId ? await loadPayer(context, params.flowId) : null;
  if (!payer) notFoundPage(request);
  const url = new URL(request.url);
  const origin = await dropinFramingOrigin(context, payer.flow.organisation_id, url.searchParams.get(DROPIN_PARAM));
  if (origin) context.frameAncestor = origin;
  const flowId = payer.flow.id;
  const retry = new URLSearchParams({ [AGAIN_PARAM]: '1' });
  if (origin) retry.set(DROPIN_PARAM, origin);
  return json(
    {
      frame: { language: languageFor(request, payer, null), creditorName: payer.view.creditorName, flowId },
      retryHref: `/pay/${flowId}?${retry}`,
      newTabHref: origin ? `/pay/${flowId}` : null,
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}
