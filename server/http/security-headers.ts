import type { Config } from '../config';

/**
 * Every security header the HTTP edge sends, built here and only here (issue 17, defect 6), so a
 * change of policy (say, letting registered origins frame the drop-in) is one edit.
 */

/** `mailbox`: the sandbox's mailbox, whose mails (in a sandboxed srcdoc frame) carry inline styles. */
type PageKind = 'payer' | 'document' | 'mailbox';

/** The Content-Security-Policy of a page, as its directives; `frame-ancestors` is the framing rule. */
export function contentSecurityPolicy(
  config: Config,
  kind: PageKind,
  frameAncestor: string | null = null,
): Record<string, string> {
  // Payer forms' 303s may lead to the merchant's own return address, hence https: (and http: in
  // the sandbox, where merchants test on localhost) in form-action.
  const payerFormTargets = config.environment === 'live' ? "'self' https:" : "'self' https: http:";
  return {
    'default-src': "'self'",
    'img-src': "'self' data:",
    // A srcdoc frame inherits its page's policy; mails style themselves inline (no script runs:
    // the frame is sandboxed without allow-scripts, and script-src stays 'self').
    'style-src': kind === 'mailbox' ? "'self' 'unsafe-inline'" : "'self'",
    'script-src': "'self'",
    'connect-src': "'self'",
    'form-action': kind === 'payer' ? payerFormTargets : "'self'",
    'frame-ancestors': framingOrigin(kind, frameAncestor) ?? "'none'",
    'base-uri': "'none'",
    'object-src': "'none'",
  };
}

/**
 * A drop-in page may be framed by the one merchant origin its session was opened for (checked
 * against the organisation's registered origins before it gets here); every other page by none.
 */
const framingOrigin = (kind: PageKind, frameAncestor: string | null) =>
  kind === 'payer' && frameAncestor && /^https?:\/\/[a-z0-9.:[\]-]+$/i.test(frameAncestor) ? frameAncestor : null;

export const renderPolicy = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/**
 * Pages: no framing (clickjacking), no inline or foreign code, no sniffing. Payer pages show names
 * and bank details, so no cache (shared or the browser's back button) may keep them.
 */
export function pageSecurityHeaders(
  config: Config,
  kind: PageKind,
  frameAncestor: string | null = null,
): Record<string, string> {
  // X-Frame-Options cannot name an origin: where one may frame the page, the CSP alone says so.
  const framed = framingOrigin(kind, frameAncestor) !== null;
  return {
    'content-security-policy': renderPolicy(contentSecurityPolicy(config, kind, frameAncestor)),
    ...(framed ? {} : { 'x-frame-options': 'DENY' }),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    ...(kind === 'payer' ? { 'cache-control': 'no-store' } : {}),
  };
}

/** On every response: no MIME sniffing, and, over HTTPS, HTTPS only from now on. */
export function responseSecurityHeaders(config: Config, overHttps: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    ...(overHttps && config.hstsMaxAge > 0 ? { 'strict-transport-security': `max-age=${config.hstsMaxAge}` } : {}),
  };
}
