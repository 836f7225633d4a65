import type { Config } from '../config';
import { isDatabaseUnavailable, isDeadlineExceeded, isDiskFull, type Queryable } from '../db/db';
import { runUnitOfWork } from './unit-of-work';
import type { Services } from '../container';
import type { AccessTokenRow } from '../domain/access/service';
import type { Actor } from '../domain/shared/actor';
import { DomainError, isDomainError } from '../domain/shared/errors';
import { negotiateLanguage, type Language } from '../../i18n/languages';
import { requireLiveApproval, type OrganisationApprovals } from '../domain/restrictions/live';
import { acceptsJson } from './body';
import { renderError } from './errors';
import { rateLimitHeaders, type RateLimitDecision, type RateLimiter } from './rate-limit';
import { answersList, needsWrite, type ApiResult, type RouteDef } from './route';
import type { Router } from './router';
import { readIdempotencyKey, readQuery, readRequestBody } from './request-input';
import { createDeadlines } from './deadlines';
import { fileAnswer, jsonAnswer, type ApiAnswer, type ApiRequest, type ConnectionInfo } from './exchange';
import type { DiskFullEpisodes } from '../disk-full-episodes';
import type { RequestLogWriter } from '../domain/request-logs/writer';
import type { IdGenerator } from '../domain/shared/ids';

export type { ConnectionInfo } from './exchange';

/**
 * The API pipeline. Every request passes the same ordered checks; each is one function below and
 * throws a `DomainError` with the spec's reason, which `handle` renders as the error envelope:
 *
 *   readiness → TLS → method override → route match → Accept → authentication → scope →
 *   live restrictions → version → rate limit → body rules → query → idempotency key → handler
 */

export const RELEASED_VERSIONS = ['2015-07-06', '2015-04-29'];
export const REQUEST_TIMEOUT_MS = 29_000;

export interface ApiDeps {
  services: Services;
  config: Config;
  router: Router;
  rateLimiter: RateLimiter;
  isReady: () => boolean;
  requestTimeoutMs?: number;
  /** Ends a full-disk episode once a write gets through (its one line is the logger's: server/disk-full-episodes.ts). */
  diskFull?: Pick<DiskFullEpisodes, 'writeSucceeded'>;
  /** Where each answered request of an organisation is queued for its request log (decision 0086). */
  requestLogs?: Pick<RequestLogWriter, 'record'>;
}

type AnyRoute = RouteDef<any, any>;

// --- the checks, in order -------------------------------------------------------------------

function requireTls(conn: ConnectionInfo): void {
  if (!conn.context.https) throw new DomainError('tls_required');
}

/**
 * A 405 names the method that was sent and the ones the path allows (also as the `Allow` header,
 * RFC 9110 §15.5.6), so a client learns what to send instead of a fixed hint about PATCH.
 */
function methodNotAllowed(sent: string, allowed: string[]): DomainError {
  // The sent method is echoed into the message: keep it to a token's characters and a short length.
  const method = /^[A-Za-z-]{1,20}$/.test(sent) ? sent.toUpperCase() : 'UNKNOWN';
  const list = [...new Set(allowed)].sort().join(', ');
  return new DomainError('method_not_allowed', {
    params: { method, allowed: list },
    metadata: { method, allowed_methods: list.split(', ').filter(Boolean) },
  });
}

/** Clients that cannot send PUT or DELETE send POST with `X-HTTP-Method-Override`. */
function effectiveMethod(request: ApiRequest, router: Router, path: string): string {
  const override = request.headers.get('x-http-method-override');
  if (request.method !== 'POST' || !override) return request.method;
  const wanted = override.trim().toUpperCase();
  if (wanted === 'PUT' || wanted === 'DELETE') return wanted;
  throw methodNotAllowed(wanted, router.allowedMethods(path));
}

function matchRoute(router: Router, method: string, path: string) {
  const match = router.match(method, path);
  if (match.kind === 'not_found') throw new DomainError('path_not_found');
  if (match.kind === 'method_not_allowed') throw methodNotAllowed(method, match.allowed);
  return match;
}

function requireAcceptableJson(request: ApiRequest): void {
  if (!acceptsJson(request.headers.get('accept'))) throw new DomainError('not_acceptable');
}

async function authenticate(
  request: ApiRequest,
  conn: ConnectionInfo,
  services: Services,
  requestId: string,
): Promise<{
  actor: Actor;
  token: AccessTokenRow;
  organisation: OrganisationApprovals & { sandbox_clock_at: unknown };
}> {
  let result;
  if (conn.replayAs) {
    // A request replayed in-process (the dashboard's re-send, decision 0094): the token is named by
    // its id, since only its hash is stored, and checked exactly as a sent one would be.
    result = await services.access.authenticateById(services.db, conn.replayAs.tokenId);
  } else {
    const header = request.headers.get('authorization');
    if (!header) throw new DomainError('missing_authorization_header');
    const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/i.exec(header.trim());
    if (!match) throw new DomainError('invalid_authorization_header');
    result = await services.access.authenticate(services.db, match[1]!);
  }
  if (!result.ok) throw new DomainError(result.reason);
  return {
    token: result.token,
    organisation: result.organisation,
    actor: {
      organisationId: result.organisation.id,
      origin: 'api',
      // The events the request records name it (events.request_id), for its request log.
      source: { type: 'access_token', name: result.token.name, request_id: requestId },
    },
  };
}

function requireScope(route: AnyRoute, token: AccessTokenRow): void {
  if (needsWrite(route) && token.scope !== 'read_write') throw new DomainError('insufficient_permissions');
}

function requireVersion(request: ApiRequest, config: Config): void {
  const version = request.headers.get(config.versionHeader);
  const params = { header: config.versionHeader };
  if (!version) throw new DomainError('missing_version_header', { params });
  if (!RELEASED_VERSIONS.includes(version.trim())) throw new DomainError('version_not_found', { params });
}

function requireWithinRateLimit(decision: RateLimitDecision): void {
  if (!decision.allowed) throw new DomainError('rate_limit_exceeded', { params: { limit: decision.limit } });
}

/** The headers every API answer carries, a success or an error. */
function baseHeaders(requestId: string, lang: Language, rate: RateLimitDecision | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'x-request-id': requestId,
    'content-language': lang,
    'cache-control': 'no-store',
  };
  return rate ? Object.assign(headers, rateLimitHeaders(rate)) : headers;
}

/** What the pipeline learns of a request as it goes, for its log line and its request log. */
interface Served {
  requestId: string;
  method: string;
  path: string;
  /** Set once authenticated: only an organisation's requests are kept in request logs. */
  organisationId: string | undefined;
  tokenName: string;
  tokenId: string;
  idempotencyKey: string | null;
  requestBody: unknown;
  /** False for the request-log routes themselves (a poll would otherwise log the logs it read). */
  keep: boolean;
  /** The route answers a list: a successful one keeps nothing of its answer. */
  list: boolean;
  /** Arrival on the server's clock (a test's manual one too), as the log's ids are. */
  at: Date;
  started: number;
}

/** One log line per answered request, and its request log queued (never awaited); returns the answer. */
function logged(
  log: Services['logger'],
  requestLogs: ApiDeps['requestLogs'],
  ids: IdGenerator,
  served: Served,
  response: ApiAnswer,
  context: ConnectionInfo['context'],
): ApiAnswer {
  const ms = Math.round(performance.now() - served.started);
  log.info('api request', {
    request_id: served.requestId,
    method: served.method,
    path: served.path,
    status: response.status,
    organisation: served.organisationId,
    ms,
  });
  if (requestLogs && served.organisationId !== undefined && served.keep) {
    const id = ids('requestLog');
    context.requestLogId = id;
    requestLogs.record({
      id,
      organisationId: served.organisationId,
      at: served.at,
      method: served.method,
      path: served.path,
      status: response.status,
      durationMs: ms,
      requestId: served.requestId,
      idempotencyKey: served.idempotencyKey,
      tokenName: served.tokenName,
      tokenId: served.tokenId,
      requestBody: served.requestBody,
      responseText: response.body,
      answer: served.method !== 'GET' || response.status >= 300 ? 'kept' : served.list ? 'none' : 'ids',
    });
  }
  return response;
}

export function createApiHandler(deps: ApiDeps) {
  const { services, config, router, rateLimiter } = deps;
  const log = services.logger;
  const timeoutMs = deps.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const deadlines = createDeadlines(timeoutMs);

  return async function handle(request: ApiRequest, conn: ConnectionInfo): Promise<ApiAnswer> {
    const started = performance.now();
    // The edge's request context: its id is the answer's X-Request-Id and every log line's.
    const context = conn.context;
    const requestId = context.requestId;
    const lang: Language = negotiateLanguage(request.headers.get('accept-language'));
    const url = request.target ?? new URL(request.url);
    let rate: RateLimitDecision | undefined;
    let pointerBase = '';
    let organisationId: string | undefined;
    let method = request.method;

    // The whole request, from authentication to the handler, runs under the spec's time limit.
    const now = Date.now();
    const seen: Served = {
      requestId,
      method,
      path: url.pathname,
      organisationId: undefined,
      tokenName: '',
      tokenId: '',
      idempotencyKey: null,
      requestBody: undefined,
      keep: true,
      list: false,
      at: services.clock.now(),
      started,
    };
    const deadline = now + timeoutMs;
    const watch = deadlines.start(now);
    try {
      if (!deps.isReady()) throw new DomainError('service_unavailable');
      requireTls(conn);
      method = effectiveMethod(request, router, url.pathname);
      seen.method = method;
      const { route, params } = matchRoute(router, method, url.pathname);
      context.route = route.path;
      seen.keep = route.unlogged !== true;
      seen.list = answersList(route);
      requireAcceptableJson(request);
      const { actor, token, organisation } = await authenticate(request, conn, services, requestId);
      organisationId = actor.organisationId;
      seen.organisationId = organisationId;
      seen.tokenName = token.name;
      seen.tokenId = token.id;
      requireScope(route, token);
      requireLiveApproval(config.environment, route.liveRestriction, organisation);
      requireVersion(request, config);
      rate = await rateLimiter.hit(`org:${actor.organisationId}`);
      requireWithinRateLimit(rate);
      const read = await readRequestBody(request, method, route, conn.body, seen);
      pointerBase = read.pointerBase;
      const query = readQuery(url, route);
      const idempotencyKey = readIdempotencyKey(request, method);
      seen.idempotencyKey = idempotencyKey ?? null;

      // A sandbox organisation with a test clock is served on its own time (decision 0079). The
      // cached credential only says whether it has one; its time is read from its row now.
      const served =
        config.environment === 'sandbox' && organisation.sandbox_clock_at
          ? ((await services.sandboxClocks.servicesFor(services.db, actor.organisationId)) ?? services)
          : services;
      const work = (tx: Queryable) =>
        route.handler({
          services: served,
          tx,
          config,
          actor,
          token,
          params,
          body: read.body,
          query,
          idempotencyKey,
          lang,
          requestId,
        });
      // A route that commits as it goes (a test clock's advance) opens its own transactions.
      const result: ApiResult = route.ownTransactions
        ? await work(services.db)
        : await runUnitOfWork(services, method, watch, deadline, work);
      if (result.afterCommit) {
        result
          .afterCommit()
          .catch((error: unknown) =>
            log.warn('after-commit work failed', { request_id: requestId, error: String(error) }),
          );
      }
      const headers = baseHeaders(requestId, lang, rate);
      if (result.location) headers.location = result.location;
      const response = logged(
        log,
        deps.requestLogs,
        services.ids,
        seen,
        result.file ? fileAnswer(result.file, headers) : jsonAnswer(result.status, result.body, headers),
        context,
      );
      if (method !== 'GET' && response.status < 300) deps.diskFull?.writeSucceeded({ request_id: requestId });
      return response;
    } catch (caught) {
      let error: DomainError;
      if (isDeadlineExceeded(caught)) {
        error = new DomainError('request_timed_out');
      } else if (isDiskFull(caught)) {
        // The logger writes one line per episode, whoever meets the full disk first.
        log.error('disk full (ENOSPC): the database cannot write; answering 503 until space is freed', {
          request_id: requestId,
          path: url.pathname,
          error: String((caught as { message?: unknown }).message ?? caught),
        });
        error = new DomainError('database_unavailable');
      } else if (isDatabaseUnavailable(caught)) {
        log.warn('database unavailable: answering 503', {
          request_id: requestId,
          path: url.pathname,
          error: (caught as { code?: string }).code ?? String(caught),
        });
        error = new DomainError('database_unavailable');
      } else if (isDomainError(caught)) {
        error = caught;
        pointerBase = (caught as { pointerBase?: string }).pointerBase ?? pointerBase;
      } else {
        log.error('unhandled error', {
          request_id: requestId,
          method,
          path: url.pathname,
          error: caught instanceof Error ? caught.stack : String(caught),
        });
        error = new DomainError('internal_server_error');
      }
      // Requests turned away before we know their organisation count against their address,
      // so even failing requests carry rate-limit headers and cannot be sent without limit.
      const unavailable = error.reason === 'service_unavailable' || error.reason === 'database_unavailable';
      if (!rate && !unavailable) {
        try {
          rate = await rateLimiter.hit(`ip:${context.clientAddress}`);
          if (!rate.allowed) error = new DomainError('rate_limit_exceeded', { params: { limit: rate.limit } });
        } catch {
          /* the limiter's store is unavailable: answer without the headers */
        }
      }
      const rendered = renderError(error, { lang, requestId, publicUrl: config.publicUrl, pointerBase });
      const headers = baseHeaders(requestId, lang, rate);
      if (error.reason === 'rate_limit_exceeded' && rate) {
        headers['retry-after'] = String(
          Math.max(1, Math.ceil((rate.reset.getTime() - services.clock.now().getTime()) / 1000)),
        );
      }
      if (unavailable) headers['retry-after'] = '5';
      if (error.reason === 'method_not_allowed' && error.options.params?.allowed) {
        headers.allow = String(error.options.params.allowed);
      }
      return logged(
        log,
        deps.requestLogs,
        services.ids,
        seen,
        jsonAnswer(rendered.status, rendered.body, headers),
        context,
      );
    } finally {
      watch.release();
    }
  };
}

export type ApiHandler = ReturnType<typeof createApiHandler>;
