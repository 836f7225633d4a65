import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Config } from '../config';
import type { Services } from '../container';
import type { ApiHandler, ConnectionInfo } from '../api/pipeline';
import { openApiDocument } from '../api/openapi';
import QRCode from 'qrcode';

/**
 * One process, two faces. Paths under the page prefixes are the payer pages, the sandbox bank and
 * their assets (Remix); every other path is the JSON API, so an unknown path gets the API's
 * `path_not_found` envelope rather than an HTML page.
 */
const PAGE_PREFIXES = ['/pay', '/sandbox-bank', '/assets', '/docs', '/dashboard', '/qr', '/favicon.ico', '/robots.txt'];

export const isPagePath = (pathname: string) =>
  pathname === '/' || PAGE_PREFIXES.some((p) => pathname === p || pathname.startsWith(p + '/'));

export type PageHandler = (request: Request, info: { remoteAddress: string }) => Promise<Response>;

export interface HttpAppDeps {
  services: Services;
  config: Config;
  api: ApiHandler;
  pages?: PageHandler;
  /** Absolute directory of built client assets (Remix's build/client). */
  clientAssetsDir?: string;
  isReady: () => boolean;
}

type Env = { Bindings: { incoming?: IncomingMessage } };

const isPayerPath = (pathname: string) => pathname.startsWith('/pay/') || pathname.startsWith('/sandbox-bank/');

/** The payer forms are a few short fields: anything bigger is refused before it is read. */
export const MAX_FORM_BYTES = 16 * 1024;

/**
 * Payment pages: no framing (clickjacking), no inline or foreign code, no sniffing. Forms post to
 * this site; their 303s may lead to the merchant's own return address, hence https: (and http: in
 * the sandbox, where merchants test on localhost) in form-action.
 */
function payerSecurityHeaders(config: Config): Record<string, string> {
  const formTargets = config.environment === 'live' ? "'self' https:" : "'self' https: http:";
  return {
    'content-security-policy': `default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; form-action ${formTargets}; frame-ancestors 'none'; base-uri 'none'; object-src 'none'`,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
  };
}

function connectionOf(c: Context<Env>, config: Config): ConnectionInfo {
  const incoming = c.env?.incoming;
  const secure = incoming
    ? Boolean((incoming.socket as TLSSocket).encrypted)
    : new URL(c.req.url).protocol === 'https:';
  let remoteAddress = incoming?.socket.remoteAddress ?? 'unknown';
  if (config.trustProxy) {
    const forwardedFor = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwardedFor) remoteAddress = forwardedFor;
  }
  return { secure, remoteAddress };
}

const viaTrustedTls = (c: Context<Env>, config: Config) =>
  config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';

export function createHttpApp(deps: HttpAppDeps) {
  const { config, services } = deps;
  const app = new Hono<Env>();

  app.use('*', compress());

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
      const response = await deps.pages(c.req.raw, { remoteAddress: conn.remoteAddress });
      if (isPayerPath(url.pathname))
        for (const [name, value] of Object.entries(payerSecurityHeaders(config))) response.headers.set(name, value);
      return response;
    }
    return deps.api(c.req.raw, conn);
  });

  return app;
}
