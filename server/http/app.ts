import path from 'node:path';
import { Hono } from 'hono';
import { routePath } from 'hono/route';
import { bodyLimit } from 'hono/body-limit';
import { addBrandingFileRoutes } from './branding-files';
import { compress } from 'hono/compress';
import { varyOnAcceptEncoding } from './vary';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Config } from '../config';
import type { Services } from '../container';
import type { ApiHandler } from '../api/pipeline';
import { toWebResponse } from '../api/exchange';
import { isUndecodedEncoding } from '../api/body';
import { openApiDocument } from '../api/openapi';
import QRCode from 'qrcode';
import type { WebEnv } from './edge';
import type { RequestContext } from '../request-context';
import { FRAME_ANCESTOR_HEADER } from './remix';
import { dropinInitialiseScript, dropinStylesheet } from './dropin-script';
import { renderMandatePdf } from './mandate-pdf';
import type { RateLimiter } from '../api/rate-limit';
import { addressMatcher } from './cidr';
import { addHealthRoutes } from './health';
import { addMailboxRoutes } from './mailbox';
import { pageRouteLabel, type Metrics } from './metrics';
import { checkPayerRateLimit } from './payer-rate-limit';
import { pageSecurityHeaders } from './security-headers';

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

/** The pages (Remix), handed the edge's context of the request: its id and the client's address. */
export type PageHandler = (request: Request, context: RequestContext) => Promise<Response>;

export interface HttpAppDeps {
  services: Services;
  config: Config;
  api: ApiHandler;
  pages?: PageHandler;
  /** Absolute directory of built client assets (Remix's build/client). */
  clientAssetsDir?: string;
  isReady: () => boolean;
  /** Issue 17, operations: the metrics a scrape reads, the payer pages' per-address limit. */
  metrics?: Metrics;
  payerRateLimiter?: RateLimiter;
}

/** The app runs behind the edge (server/http/edge.ts), which hands it the request's context. */
type Env = { Bindings: WebEnv };

export const isPayerPath = (pathname: string) => pathname.startsWith('/pay/') || pathname.startsWith('/sandbox-bank/');
/** The merchant dashboard gets the payer pages' headers, and is never cached (it shows secrets once). */
const isDashboardPath = (pathname: string) => pathname === '/dashboard' || pathname.startsWith('/dashboard/');

/** The payer forms are a few short fields: anything bigger is refused before it is read. */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * The dashboard's settings page also takes a logo file (multipart): the branding service's own
 * limit is 512 KB, so the form may be that and its few fields, and no more.
 */
export const MAX_SETTINGS_FORM_BYTES = 520 * 1024;

/**
 * The bank reports page takes a report file (multipart): the API takes a report as base64 within
 * its 1 MiB body, so a form with a report of about that size and its few fields, and no more.
 */
const MAX_BANK_REPORT_FORM_BYTES = 1032 * 1024;

/** Static documents (no form, no script of ours) get the document policy. */
const isDocumentPath = (pathname: string) =>
  pathname === '/' || pathname.startsWith('/docs/') || pathname === '/accessibility';

/** The last route, for pages and every API path (Hono names `*` so). */
const CATCH_ALL = '/*';

/** A route of this app as a metrics label: its template without its parameters' patterns. */
const templateOf = (route: string) => route.replace(/\{(?:[^{}]|\{[^{}]*\})*\}/g, '');

export function createHttpApp(deps: HttpAppDeps) {
  const { config, services } = deps;
  const app = new Hono<Env>();

  // The route's name for the edge's metrics, and each page's log line (the API writes its own).
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const context = c.env.context;
    const pathname = new URL(c.req.url).pathname;
    const status = c.res.status;
    const page = isPagePath(pathname);
    // A page by its path (ids as `:id`); one of the routes below by its template; the catch-all's
    // API requests by what the pipeline matched. An unknown page stays unnamed: `unmatched`.
    const answeredBy = routePath(c);
    if (page) context.route ??= status === 404 ? undefined : pageRouteLabel(pathname);
    else if (answeredBy !== CATCH_ALL) context.route ??= templateOf(answeredBy);
    if (page && !pathname.startsWith('/assets/')) {
      const ms = Math.round(performance.now() - started);
      const route = context.route ?? 'unmatched';
      services.logger.info('page request', { request_id: context.requestId, method: c.req.method, route, status, ms });
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
    const { socketAddress, forwardedFor } = c.env.context;
    if (!deps.metrics || ![socketAddress, ...forwardedFor].every(metricsAllowed)) return c.text('Forbidden', 403);
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
  const bankReportLimit = bodyLimit({
    maxSize: MAX_BANK_REPORT_FORM_BYTES,
    onError: (c) => c.text('Payload too large', 413),
  });
  app.use('/dashboard/*', (c, next) => {
    const pathname = new URL(c.req.url).pathname;
    if (pathname === '/dashboard/settings') return settingsLimit(c, next);
    if (pathname === '/dashboard/bank-reports') return bankReportLimit(c, next);
    return formLimit(c, next);
  });

  addBrandingFileRoutes(app, services);

  app.get('/openapi.json', (c) => c.json(openApiDocument(config)));

  // The QR code of a bank authorisation's URL, for finishing on a phone. Public like the URL itself:
  // the id's 80 random bits are what protects it.
  app.get('/qr/:file{BAU[0-9A-Z]{26}\\.png}', async (c) => {
    const id = c.req.param('file').slice(0, -4);
    if (!(await services.bankAuthorisations.findForBank(services.db, id))) return c.text('Not found', 404);
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

  app.all(CATCH_ALL, async (c) => {
    const url = new URL(c.req.url);
    const { context } = c.env;
    if (isPagePath(url.pathname)) {
      // Pages over plain HTTP are sent to the HTTPS address the merchant configured.
      if (!context.https) {
        return c.redirect(`${config.publicUrl}${url.pathname}${url.search}`, 308);
      }
      if (!deps.pages) return c.text('Not found', 404);
      // A form in an encoding we do not decode would be read as another form (issue 40.5).
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && isUndecodedEncoding(c.req.header('content-encoding')))
        return c.text('Unsupported Media Type: send the form without Content-Encoding', 415);
      const payer = isPayerPath(url.pathname);
      const refused =
        payer && deps.payerRateLimiter
          ? await checkPayerRateLimit(deps.payerRateLimiter, services.clock, c.req.raw, context.clientAddress)
          : undefined;
      const response = refused ?? (await deps.pages(c.req.raw, context));
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
    const body = c.env.incoming;
    return toWebResponse(await deps.api(c.req.raw, body.readableDidRead ? { context } : { context, body }));
  });

  return app;
}
