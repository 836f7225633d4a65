import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Config } from '../config';
import type { Services } from '../container';
import type { ApiHandler } from '../api/pipeline';
import type { ApiAnswer, ApiRequest } from '../api/exchange';
import type { Router } from '../api/router';
import type { RequestContext } from '../request-context';
import { isPagePath } from './app';
import { compressAnswer } from './compress-answer';
import type { Metrics } from './metrics';
import { responseSecurityHeaders } from './security-headers';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ApiEdgeDeps {
  services: Services;
  config: Config;
  api: ApiHandler;
  router: Router;
  metrics?: Metrics;
  /** Everything the API edge does not take: the page app (Hono) with its own routes and checks. */
  fallback: Listener;
}

/**
 * Paths the API edge takes as they are: letters, digits, `_`, `-` and `/` only. Nothing in them
 * can be percent-decoded, dot-resolved or read as a backslash, so the path the router sees is the
 * path a URL parser would see. Anything else goes the long way (through Hono), which answers it
 * exactly as before.
 */
const PLAIN_PATH = /^\/[A-Za-z0-9_/-]*$/;
const PLAIN_QUERY = /^(\?[\x21\x24-\x7e]*)?$/;

/**
 * The JSON API straight on node's request and response (decision 0055). Hono, @hono/node-server
 * and undici's `Request`, `Headers` and `Response` cost a Postgres list read about as much CPU as
 * the database round trip itself; the API needs none of them. This listener does what the page
 * app's wrapping middleware did for an API request — the request context, the security headers,
 * compression and `Vary`, the metrics — and leaves every other request (pages, assets, health,
 * metrics, files, unknown paths, odd request targets) to `fallback`.
 */
export function createApiEdge(deps: ApiEdgeDeps): Listener {
  const { services, config, api, router, metrics, fallback } = deps;
  const overHttpsHeaders = Object.entries(responseSecurityHeaders(config, true));
  const plainHeaders = Object.entries(responseSecurityHeaders(config, false));

  const serve = async (req: IncomingMessage, res: ServerResponse, target: string) => {
    const requestId = services.ids('request');
    const started = performance.now();
    const context: RequestContext = { requestId };
    const headers = nodeHeaders(req);
    const secure = Boolean((req.socket as TLSSocket).encrypted);
    const forwardedFor = config.trustProxy ? headers.get('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    const remoteAddress = forwardedFor || (req.socket.remoteAddress ?? 'unknown');
    const query = target.indexOf('?');
    const search = query === -1 || query === target.length - 1 ? '' : target.slice(query);
    const request: ApiRequest = {
      method: req.method ?? 'GET',
      url: `https://localhost${target}`,
      headers,
      // A query a URL parser would only percent-escape (and URLSearchParams unescape) is taken as
      // it is; one with a space, a `#`, a control or a non-ASCII character is parsed properly.
      target: PLAIN_QUERY.test(search)
        ? { pathname: query === -1 ? target : target.slice(0, query), search }
        : undefined,
    };

    let answer: ApiAnswer;
    try {
      answer = await services.db.serving(() => api(request, { secure, remoteAddress, body: req, context }));
    } catch (error) {
      // The pipeline answers every failure itself; this is the last guard, never a hung socket.
      services.logger.error('unhandled error at the API edge', { request_id: requestId, error: String(error) });
      answer = { status: 500, headers: {}, body: null };
    }
    const out = answer.headers;
    out['x-request-id'] ??= requestId;
    const viaTrustedTls =
      config.trustProxy && headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
    for (const [name, value] of secure || viaTrustedTls ? overHttpsHeaders : plainHeaders) out[name] = value;
    const encoded = compressAnswer(request.method, answer, headers.get('accept-encoding'));
    const body = typeof encoded === 'string' || encoded === null ? encoded : await encoded;

    const method = req.method ?? 'GET';
    metrics?.observeRequest(context.route ?? 'api', method, answer.status, (performance.now() - started) / 1000);
    if (answer.status === 429) metrics?.countRateLimitRefusal('api');
    if (res.destroyed) return;
    res.writeHead(answer.status, out);
    // A body the pipeline did not read (a GET's, a 413's) node discards itself once this ends.
    res.end(body);
  };

  return (req, res) => {
    const target = req.url ?? '';
    const query = target.indexOf('?');
    const path = query === -1 ? target : target.slice(0, query);
    if (!PLAIN_PATH.test(path) || !req.headers.host || isPagePath(path) || router.allowedMethods(path).length === 0) {
      fallback(req, res);
      return;
    }
    serve(req, res, target).catch((error: unknown) => {
      // Writing the answer itself failed (compressing it, a header node refused): never an
      // unhandled rejection, never a hung socket.
      services.logger.error('could not write an API answer', { error: String(error) });
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  };
}

/**
 * node's header object read the way a web `Headers` reads it: a name in any case, and a repeated
 * header's values joined with ", " (node itself keeps only the first of some, such as
 * Authorization, which would let a request with two tokens through on the first).
 */
function nodeHeaders(req: IncomingMessage): ApiRequest['headers'] {
  // Methods, not arrows: no closure named per request (decision 0059). node builds
  // `headersDistinct` on first use; `req` keeps it.
  return {
    get(name) {
      const values = req.headersDistinct[name.toLowerCase()];
      return values === undefined ? null : values.length === 1 ? values[0]! : values.join(', ');
    },
    has(name) {
      return req.headersDistinct[name.toLowerCase()] !== undefined;
    },
  };
}
