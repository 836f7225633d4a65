import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { addBrandingFileRoutes } from './branding-files';
import { compress } from 'hono/compress';
import { varyOnAcceptEncoding } from './vary';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Config } from '../config';
import type { Services } from '../container';
import type { ApiHandler, ConnectionInfo } from '../api/pipeline';
import { toWebResponse } from '../api/exchange';
import { openApiDocument } from '../api/openapi';
import QRCode from 'qrcode';
import { FRAME_ANCESTOR_HEADER } from './remix';
import { dropinInitialiseScript, dropinStylesheet } from './dropin-script';
import { renderMandatePdf } from './mandate-pdf';
import type { RateLimiter } from '../api/rate-limit';
import type { RequestContext } from '../request-context';
import { addressMatcher } from './cidr';
import { addHealthRoutes } from './health';
import { addMailboxRoutes } from './mailbox';
import { pageRouteLabel, type Metrics } from './metrics';
import { checkPayerRateLimit } from './payer-rate-limit';
import { pageSecurityHeaders, responseSecurityHeaders } from './security-headers';

/**
 * One process, two faces. Paths under the page prefixes are the payer pages, the sandbox bank and
 * their assets (Remix); every other path is the JSON API, so an unknown path gets the API's
 * `path_not_found` envelope rather than an HTML page.
 */
const PAGE_PREFIXES = [
  '/pay',
  '/sandbox-bank',
  '/assets',
  '/docs',
  '/accessibility',
  '/dashboard',
  '/qr',
  '/favicon.ico',
  '/robots.txt',
];

export const isPagePath = (pathname: string) =>
  pathname === '/' || PAGE_PREFIXES.some((p) => pathname === p || pathname.startsWith(p + '/'));

export type PageHandler = (request: Request, info: { remoteAddress: string; requestId: string }) => Promise<Response>;

export interface HttpAppDeps {
  services: Services;
  config: Config;
  api: ApiHandler;
  pages?: PageHandler;
  /** Absolute directory of built client assets (Remix's build/client). */
  clientAssetsDir?: string;
  isReady: () => boolean;
  /** Issue 17, operations: metrics, the payer pages' per-address limit, API route templates. */
  metrics?: Metrics;
  payerRateLimiter?: RateLimiter;
  apiRouteLabel?: (method: string, pathname: string) => string;
}

type Env = { Bindings: { incoming?: IncomingMessage }; Variables: { requestContext: RequestContext } };

const isPayerPath = (pathname: string) => pathname.startsWith('/pay/') || pathname.startsWith('/sandbox-bank/');
/** The merchant dashboard gets the payer pages' headers, and is never cached (it shows secrets once). */
const isDashboardPath = (pathname: string) => pathname === '/dashboard' || pathname.startsWith('/dashboard/');

/** The payer forms are a few short fields: anything bigger is refused before it is read. */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * The dashboard's settings page also takes a logo file (multipart): the branding service's own
 * limit is 512 KB, so the form may be that and its few fields, and no more.
 */
export const MAX_SETTINGS_FORM_BYTES = 520 * 1024;

/** Static documents (no form, no script of ours) get the document policy. */
const isDocumentPath = (pathname: string) =>
  pathname === '/' || pathname.startsWith('/docs/') || pathname === '/accessibility';

function connectionOf(c: Context<Env>, config: Config): ConnectionInfo {
  const incoming = c.env?.incoming;
  // Without node's socket (a web Request from a test), its URL's scheme says (a URL's is lower-case).
  const secure = incoming ? Boolean((incoming.socket as TLSSocket).encrypted) : c.req.url.startsWith('https:');
  let remoteAddress = incoming?.socket.remoteAddress ?? 'unknown';
  if (config.trustProxy) {
    const forwardedFor = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwardedFor) remoteAddress = forwardedFor;
  }
  return { secure, remoteAddress, context: c.get('requestContext') };
}

const viaTrustedTls = (c: Context<Env>, config: Config) =>
  config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';

export function createHttpApp(deps: HttpAppDeps) {
  const { config, services } = deps;
  const app = new Hono<Env>();
  // They depend on the configuration alone: built once, not per response.
  const overHttpsHeaders = Object.entries(responseSecurityHeaders(config, true));
  const plainHeaders = Object.entries(responseSecurityHeaders(config, false));

  // Every request: its context (its id in X-Request-Id and log lines), metrics, common headers.
  app.use('*', async (c, next) => {
    const requestId = services.ids('request');
    const started = performance.now();
    const context: RequestContext = { requestId };
    c.set('requestContext', context);
    await services.db.serving(next);
    const pathname = new URL(c.req.url).pathname;
    const conn = connectionOf(c, config);
    // Set on the response itself: c.header() would rebuild it and lose headers set on it before.
    const headers = c.res.headers;
    if (!headers.has('x-request-id')) headers.set('x-request-id', requestId);
    for (const [name, value] of conn.secure || viaTrustedTls(c, config) ? overHttpsHeaders : plainHeaders)
      headers.set(name, value);
    const status = c.res.status;
    const page = isPagePath(pathname);
    const route = !page
      ? (context.route ?? deps.apiRouteLabel?.(c.req.method, pathname) ?? 'api')
      : status === 404
        ? 'unmatched'
        : pageRouteLabel(pathname);
    deps.metrics?.observeRequest(route, c.req.method, status, (performance.now() - started) / 1000);
    if (status === 429) deps.metrics?.countRateLimitRefusal(isPayerPath(pathname) ? 'payer' : 'api');
    if (page && !pathname.startsWith('/assets/')) {
      const ms = Math.round(performance.now() - started);
      services.logger.info('page request', { request_id: requestId, method: c.req.method, route, status, ms });
    }
  });

  app.use('*', compress());
  // Inside compress(): its Vary header set in place, so it never rebuilds the response (vary.ts).
  app.use('*', async (c, next) => {
    await next();
    varyOnAcceptEncoding(c.req.method, c.res.status, c.res.headers);
  });

  addHealthRoutes(app, { config, db: services.db, isReady: deps.isReady });
  addMailboxRoutes(app as unknown as Hono, services, config);

  // Prometheus scrapes: only from the ranges the operator allows (METRICS_ALLOW, loopback by
  // default). Every hop a proxy names must be allowed too, so a proxy on loopback exposes nothing.
  const metricsAllowed = addressMatcher(config.metricsAllow);
  app.get('/metrics', async (c) => {
    const socketAddress = c.env?.incoming?.socket.remoteAddress ?? '';
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
    if (!deps.metrics || ![socketAddress, ...forwarded].every(metricsAllowed)) return c.text('Forbidden', 403);
    const { contentType, body } = await deps.metrics.scrape();
    return c.body(body, 200, { 'content-type': contentType, 'cache-control': 'no-store' });
  });

  // For load balancers: answers on either listener, without authentication.
  app.get('/health', (c) => {
    const ready = deps.isReady();
    return c.json(
      { status: ready ? 'ok' : 'starting', environment: config.environment, database: services.db.kind },
      ready ? 200 : 503,
    );
  });

  const formLimit = bodyLimit({ maxSize: MAX_FORM_BYTES, onError: (c) => c.text('Payload too large', 413) });
  app.use('/pay/*', formLimit);
  app.use('/sandbox-bank/*', formLimit);
  const settingsLimit = bodyLimit({
    maxSize: MAX_SETTINGS_FORM_BYTES,
    onError: (c) => c.text('Payload too large', 413),
  });
  app.use('/dashboard/*', (c, next) =>
    new URL(c.req.url).pathname === '/dashboard/settings' ? settingsLimit(c, next) : formLimit(c, next),
  );

  addBrandingFileRoutes(app, services);

  app.get('/openapi.json', (c) => c.json(openApiDocument(config)));

  // The QR code of a bank authorisation's URL, for finishing on a phone. Public like the URL itself:
  // the id's 80 random bits are what protects it.
  app.get('/qr/:file{BAU[0-9A-Z]{26}\\.png}', async (c) => {
    const id = c.req.param('file').slice(0, -4);
    const { rows } = await services.db.query('SELECT id FROM bank_authorisations WHERE id = $1', [id]);
    if (!rows[0]) return c.text('Not found', 404);
    const png = await QRCode.toBuffer(`${config.publicUrl}/sandbox-bank/${id}`, { type: 'png', margin: 2, width: 256 });
    return c.body(new Uint8Array(png), 200, { 'content-type': 'image/png', 'cache-control': 'private, max-age=900' });
  });

  // The drop-in's initialise script (docs/dropin.md), loaded by merchant pages on any origin.
  app.get('/billing/static/dropin/v2/initialise.js', (c) =>
    c.body(dropinInitialiseScript(config.environment), 200, {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'cross-origin-resource-policy': 'cross-origin',
      'access-control-allow-origin': '*',
      'x-content-type-options': 'nosniff',
    }),
  );

  app.get('/billing/static/dropin/v2/dropin.css', (c) =>
    c.body(dropinStylesheet(), 200, {
      'content-type': 'text/css; charset=utf-8',
      'cache-control': 'public, max-age=300',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    }),
  );
  // A mandate PDF's link (`POST /mandate_pdfs`, the payer's success page): no API token, the
  // sealed and expiring token in the path is the permission. Expired, altered or unknown: 404.
  app.get('/mandate_pdfs/files/:token{[A-Za-z0-9_.-]{1,4096}}', async (c) => {
    const document = await services.mandatePdfs.open(services.db, c.req.param('token'));
    if (!document) return c.text('This link has expired or is not valid. Ask for a new one.', 404);
    const pdf = await renderMandatePdf(document);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="mandate.pdf"',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  });

  // An export's `download_url`: the sealed, expiring token is the permission (decision 0037). The
  // CSV is streamed a few stored parts at a time, never held whole. Expired, altered or unknown: 404.
  app.get('/exports/files/:token{[A-Za-z0-9_.-]{1,4096}}', async (c) => {
    const row = await services.exports.open(services.db, c.req.param('token'));
    if (!row) return c.text('This link has expired or is not valid. Ask for a new one.', 404);
    const parts = services.exports.parts(services.db, row);
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await parts.return(undefined);
      },
    });
    return c.body(body, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${row.export_type}-${row.id}.csv"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  });

  if (deps.clientAssetsDir) {
    const root = path.relative(process.cwd(), deps.clientAssetsDir) || '.';
    // Fingerprinted by Vite, so they can be cached for good.
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.status === 200) c.header('cache-control', 'public, max-age=31536000, immutable');
    });
    app.use('/assets/*', serveStatic({ root }));
    app.use('/favicon.ico', serveStatic({ root }));
    app.use('/robots.txt', serveStatic({ root }));
  }

  app.all('*', async (c) => {
    const url = new URL(c.req.url);
    const conn = connectionOf(c, config);
    if (isPagePath(url.pathname)) {
      // Pages over plain HTTP are sent to the HTTPS address the merchant configured.
      if (!conn.secure && !viaTrustedTls(c, config)) {
        return c.redirect(`${config.publicUrl}${url.pathname}${url.search}`, 308);
      }
      if (!deps.pages) return c.text('Not found', 404);
      const payer = isPayerPath(url.pathname);
      const refused =
        payer && deps.payerRateLimiter
          ? await checkPayerRateLimit(deps.payerRateLimiter, services.clock, c.req.raw, conn.remoteAddress)
          : undefined;
      const requestId = c.get('requestContext').requestId;
      const response = refused ?? (await deps.pages(c.req.raw, { remoteAddress: conn.remoteAddress, requestId }));
      // The drop-in's framing origin, set by the page, travels in an internal header never sent out.
      const frameAncestor = response.headers.get(FRAME_ANCESTOR_HEADER);
      // The dashboard shows the same kind of data as payer pages: the same headers, no cache.
      const kind =
        payer || isDashboardPath(url.pathname) ? 'payer' : isDocumentPath(url.pathname) ? 'document' : undefined;
      if (!kind && !frameAncestor) return response;
      // A new Response rather than headers.set: Hono re-wraps responses from their original init.
      const headers = new Headers(response.headers);
      headers.delete(FRAME_ANCESTOR_HEADER);
      if (kind)
        for (const [name, value] of Object.entries(pageSecurityHeaders(config, kind, frameAncestor)))
          headers.set(name, value);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    // Node's stream for the body, unless something already made the web request read it.
    const body = c.env?.incoming;
    return toWebResponse(await deps.api(c.req.raw, body && !body.readableDidRead ? { ...conn, body } : conn));
  });

  return app;
}
