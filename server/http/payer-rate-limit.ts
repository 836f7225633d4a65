import type { RateLimiter } from '../api/rate-limit';
import type { Clock } from '../domain/shared/clock';
import { negotiateLanguage } from '../../i18n/languages';
import { translator } from '../../i18n/flow';

/**
 * Per-address limit on the payer pages and flow links (issue 17, "Abuse"): one address may not
 * fill a merchant's events and webhooks by replaying a link. The counts live in the API rate
 * limiter's store (decisions 0007, 0031), so several processes on one Postgres share one count
 * (exact for small limits: below 50 every hit is counted in Postgres at once).
 * Returns the 429 page to send, or undefined when the request may go on.
 */
export async function checkPayerRateLimit(
  limiter: RateLimiter,
  clock: Clock,
  request: Request,
  remoteAddress: string,
): Promise<Response | undefined> {
  let decision;
  try {
    decision = await limiter.hit(`payer:${remoteAddress}`);
  } catch {
    return undefined; // the store is unavailable: the page itself will say what is wrong
  }
  if (decision.allowed) return undefined;
  const retryAfter = Math.max(1, Math.ceil((decision.reset.getTime() - clock.now().getTime()) / 1000));
  return tooManyRequestsPage(negotiateLanguage(request.headers.get('accept-language')), retryAfter);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A plain page (no script, no framework) in the payer's language: the cheapest thing to answer. */
export function tooManyRequestsPage(language: ReturnType<typeof negotiateLanguage>, retryAfterSeconds: number) {
  const t = translator(language);
  const title = escapeHtml(t('toomany.title'));
  const body = escapeHtml(t('toomany.body'));
  const html = `<!DOCTYPE html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body><main id="main"><h1>${title}</h1><p>${body}</p></main></body>
</html>
`;
  return new Response(html, {
    status: 429,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-language': language,
      'retry-after': String(retryAfterSeconds),
    },
  });
}
