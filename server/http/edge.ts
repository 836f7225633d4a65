import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import type { Config } from '../config';
import type { Services } from '../container';
import type { ApiHandler } from '../api/pipeline';
import type { ApiAnswer, ApiRequest } from '../api/exchange';
import type { Router } from '../api/router';
import type { RequestContext } from '../request-context';
import { isPagePath, isPayerPath } from './app';
import { compressAnswer } from './compress-answer';
import type { Metrics } from './metrics';
import { responseSecurityHeaders } from './security-headers';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;
type HeaderReader = ApiRequest['headers'];

/** What the page app is handed beside the web request: node's objects and the edge's context. */
export interface WebEnv {
  incoming: IncomingMessage;
  outgoing: ServerResponse;
  context: RequestContext;
}
export type WebHandler = (request: Request, env: WebEnv) => Response | Promise<Response>;

export interface EdgeDeps {
  services: Services;
  config: Config;
  metrics?: Metrics;
  /** The JSON API, taken on node's own objects for a plain path its router knows. */
  api: ApiHandler;
  router: Router;
  /** Every other request: the page app (payer pages, dashboard, files, probes, odd API targets). */
  web: WebHandler;
}

/**
 * Paths the API is served on directly: letters, digits, `_`, `-` and `/` only. Nothing in them
 * can be percent-decoded, dot-resolved or read as a backslash, so the path the router sees is the
 * path a URL parser would see. Anything else goes through the page app, which answers it exactly
 * as a URL parser reads it (its catch-all hands API paths to the same pipeline).
 */
const PLAIN_PATH = /^\/[A-Za-z0-9_/-]*$/;
const PLAIN_QUERY = /^(\?[\x21\x24-\x7e]*)?$/;

/** An `X-Request-Id` we take as the request's: a bounded token (base64 and id characters). */
const INCOMING_REQUEST_ID = /^[A-Za-z0-9+/=._:-]{1,200}$/;
/** W3C Trace Context: version-traceid-parentid-flags; a later version may add `-…` after them. */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-[0-9a-f]{2}(?:-|$)/;
const ALL_ZEROS = /^0+$/;
const NO_HOPS: readonly string[] = Object.freeze([]);

/**
 * The caller's id for the request, if it sent a usable one: a valid `X-Request-Id`, else the trace
 * id of a valid `traceparent` (version `ff` and all-zero ids are invalid; version 00 has exactly
 * four fields). Anything else is ignored, so a client cannot put what it likes into our logs.
 */
function incomingRequestId(requestId: string | null, traceparent: string | null): string | undefined {
  if (requestId !== null && INCOMING_REQUEST_ID.test(requestId)) return requestId;
  if (traceparent === null) return undefined;
  const trace = TRACEPARENT.exec(traceparent);
  if (!trace || trace[1] === 'ff' || (trace[1] === '00' && traceparent.length !== 55)) return undefined;
  return ALL_ZEROS.test(trace[2]!) || ALL_ZEROS.test(trace[3]!) ? undefined : trace[2];
}

/** The first value of a list header such as `X-Forwarded-Proto: https, http`, trimmed. */
const firstOf = (value: string) => {
  const comma = value.indexOf(',');
  return (comma === -1 ? value : value.slice(0, comma)).trim();
};

/**
 * The one way into the service (issue 35, "One edge"). Every request gets its context here — its
 * id, the client's address and whether it came over HTTPS (`TRUST_PROXY` is read here and nowhere
 * else) — and every answer its `X-Request-Id`, the security headers and its metrics. Behind it are
 * two handlers: the JSON API, served straight on node's request and response for the plain paths
 * it knows (Hono, @hono/node-server and undici's objects cost a Postgres list read about as much
 * CPU as the database round trip, decision 0055), and the page app for everything else.
 */
export function createEdge(deps: EdgeDeps): Listener {
  const { services, config, api, router, metrics } = deps;
  // They depend on the configuration alone: built once, not per response.
  const overHttpsHeaders = Object.entries(responseSecurityHeaders(config, true));
  const plainHeaders = Object.entries(responseSecurityHeaders(config, false));

  function contextOf(req: IncomingMessage, headers: HeaderReader): RequestContext {
    const socketAddress = req.socket.remoteAddress ?? 'unknown';
    const forwardedHeader = headers.get('x-forwarded-for');
    const forwardedFor = forwardedHeader === null ? NO_HOPS : forwardedHeader.split(',').map(trimmed).filter(Boolean);
    let https = Boolean((req.socket as TLSSocket).encrypted);
    let clientAddress = socketAddress;
    if (config.trustProxy) {
      clientAddress = forwardedFor[0] ?? socketAddress;
      const proto = headers.get('x-forwarded-proto');
      if (proto !== null && firstOf(proto).toLowerCase() === 'https') https = true;
    }
    const requestId =
      incomingRequestId(headers.get('x-request-id'), headers.get('traceparent')) ?? services.ids('request');
    return { requestId, clientAddress, socketAddress, forwardedFor, https };
  }

  /** The answer's metrics, once its status is known. */
  function observe(context: RequestContext, method: string, status: number, started: number, payer: boolean) {
    if (!metrics) return;
    // What no handler named: a 404 is unmatched; the rest are API requests refused before their
    // route was known (starting up, plain HTTP).
    const route = context.route ?? (status === 404 ? 'unmatched' : 'api');
    metrics.observeRequest(route, method, status, (performance.now() - started) / 1000);
    if (status === 429) metrics.countRateLimitRefusal(payer ? 'payer' : 'api');
  }

  const serveApi = async (req: IncomingMessage, res: ServerResponse, target: string) => {
    const started = performance.now();
    const headers = nodeHeaders(req);
    const context = contextOf(req, headers);
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
      answer = await services.db.serving(() => api(request, { context, body: req }));
    } catch (error) {
      // The pipeline answers every failure itself; this is the last guard, never a hung socket.
      services.logger.error('unhandled error at the edge', { request_id: context.requestId, error: String(error) });
      answer = { status: 500, headers: {}, body: null };
    }
    const out = answer.headers;
    out['x-request-id'] ??= context.requestId;
    for (const [name, value] of context.https ? overHttpsHeaders : plainHeaders) out[name] = value;
    const encoded = compressAnswer(request.method, answer, headers.get('accept-encoding'));
    const body = typeof encoded === 'string' || encoded === null ? encoded : await encoded;

    observe(context, request.method, answer.status, started, false);
    if (res.destroyed) return;
    res.writeHead(answer.status, out);
    // A body the pipeline did not read (a GET's, a 413's) node discards itself once this ends.
    res.end(body);
  };

  // The page app through @hono/node-server, which turns node's objects into web ones and back.
  const serveWeb = getRequestListener(async (request, bindings) => {
    const started = performance.now();
    // Our listeners are node:http and node:https, never HTTP/2.
    const { incoming, outgoing } = bindings as HttpBindings;
    const context = contextOf(incoming, nodeHeaders(incoming));
    const response = await services.db.serving(() => deps.web(request, { incoming, outgoing, context }));
    // Set on the response itself: a page may have set its own `X-Request-Id`; the rest are ours.
    const headers = response.headers;
    if (!headers.has('x-request-id')) headers.set('x-request-id', context.requestId);
    for (const [name, value] of context.https ? overHttpsHeaders : plainHeaders) headers.set(name, value);
    observe(context, request.method, response.status, started, isPayerPath(new URL(request.url).pathname));
    return response;
  });

  return (req, res) => {
    const target = req.url ?? '';
    const query = target.indexOf('?');
    const path = query === -1 ? target : target.slice(0, query);
    if (!PLAIN_PATH.test(path) || !req.headers.host || isPagePath(path) || router.allowedMethods(path).length === 0) {
      void serveWeb(req, res);
      return;
    }
    serveApi(req, res, target).catch((error: unknown) => {
      // Writing the answer itself failed (compressing it, a header node refused): never an
      // unhandled rejection, never a hung socket.
      services.logger.error('could not write an API answer', { error: String(error) });
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  };
}

function trimmed(value: string): string {
  return value.trim();
}

/**
 * node's header object read the way a web `Headers` reads it: a name in any case, and a repeated
 * header's values joined with ", " (node itself keeps only the first of some, such as
 * Authorization, which would let a request with two tokens through on the first).
 */
function nodeHeaders(req: IncomingMessage): HeaderReader {
  // node builds `headersDistinct` on first use; `req` keeps it.
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
