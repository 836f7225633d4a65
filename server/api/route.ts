import type { z } from 'zod';
import type { Config } from '../config';
import type { Queryable } from '../db/db';
import type { Services } from '../container';
import type { AccessTokenRow } from '../domain/access/service';
import type { Actor } from '../domain/shared/actor';
import type { LiveRestriction } from '../domain/restrictions/live';
import type { Language } from '../../i18n/languages';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a route is decides how its body is read:
 *  - create / update: `{ "<resourceKey>": { ... } }`, nothing else at the top level
 *  - action: `{ "data": { ... } }` (what existing clients send), or under one of `bodyKeys`
 *    (the spec's examples), or no body at all
 *  - read / list / delete: no body
 */
export type RouteKind = 'create' | 'update' | 'action' | 'read' | 'list' | 'delete';

/**
 * The names of a path's `:name` segments, read from the path string itself (as Hono types its
 * params), so `/refunds/:id` gives its handler `params.id: string` and a misspelt name fails to compile.
 */
type ParamName<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamName<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

export type PathParams<Path extends string> = { [Name in ParamName<Path>]: string };

export interface HandlerContext<B, Q, Params = Record<string, string>> {
  services: Services;
  /**
   * The request's unit of work, opened by the edge: a transaction for anything that writes
   * (committed after the handler returns, rolled back if it throws or the deadline passes), the
   * database itself for reads. Pass it to the services; never open another.
   */
  tx: Queryable;
  config: Config;
  actor: Actor;
  token: AccessTokenRow;
  params: Params;
  body: B;
  query: Q;
  idempotencyKey?: string;
  lang: Language;
  requestId: string;
}

/** The statuses a success answers with. */
export type SuccessStatus = 200 | 201;

export interface ApiResult {
  status: SuccessStatus;
  body?: unknown;
  location?: string;
  /** A file answered as itself rather than JSON (a bank submission's file): its text, type and name. */
  file?: { text: string; contentType: string; fileName: string };
  /**
   * Run by the edge after the unit of work committed, never inside it (an outbox's delivery: the
   * notify action's mail). Its failure is logged; the outbox's job retries.
   */
  afterCommit?: () => Promise<unknown>;
}

interface RouteFields<B, Q, Path extends string> {
  method: Method;
  path: Path;
  operationId: string;
  summary: string;
  tag: string;
  /**
   * What a success answers, as the real API does: what `/openapi.json` declares and the test client
   * holds every answer to. Two when it depends (block_by_ref: 201 when it made blocks, else 200).
   */
  status: SuccessStatus | readonly [SuccessStatus, SuccessStatus];
  /** Response key, and the body wrapper of creates and updates. */
  resourceKey: string;
  /** Extra wrappers an action accepts besides `data` (e.g. `mandates` for mandate actions). */
  bodyKeys?: string[];
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  /**
   * Schema of one resource in responses (`server/api/wire/`): the source of `/openapi.json` and
   * what the test client checks every answer against.
   */
  response?: z.ZodType;
  /** Top-level keys a 2xx may carry beside the resource and `meta` (the events list's `linked`). */
  responseExtras?: Record<string, z.ZodType>;
  /** Not in the public API: bankflow's own (`x-bankflow-extension` in the OpenAPI document). */
  extension?: boolean;
  /** Not kept in the request logs (the request-log routes themselves, decision 0086). */
  unlogged?: true;
  /** Restricted in live unless the organisation is approved for it (spec: Restrictions in live). */
  liveRestriction?: LiveRestriction;
  /**
   * The handler commits as it goes, in transactions of its own (a sandbox test clock's advance,
   * decision 0079): `tx` is then the database itself, and the handler keeps its own time limit.
   */
  ownTransactions?: true;
  /** The success is a file (`ApiResult.file`), documented as such, not a JSON resource. */
  answersFile?: readonly string[];
  handler(ctx: HandlerContext<B, Q, PathParams<Path>>): Promise<ApiResult>;
}

/**
 * A route definition. A `list` route answers `{<resourceKey>: [...], meta}`; so does an action that
 * says `answersList` (block_by_ref), the one other kind allowed to.
 */
export type RouteDef<B = unknown, Q = unknown, Path extends string = string> = RouteFields<B, Q, Path> &
  ({ kind: 'action'; answersList?: true } | { kind: Exclude<RouteKind, 'action'>; answersList?: never });

/** Whether a route's answer is a list (`resourceKey: [...]` plus `meta`). */
export const answersList = (route: RouteDef<any, any>): boolean => route.kind === 'list' || route.answersList === true;

/** Identity helper that keeps the body, query and path-parameter types of a route definition. */
export const defineRoute = <B = undefined, Q = undefined, const Path extends string = string>(
  route: RouteDef<B, Q, Path>,
): RouteDef<B, Q, Path> => route;

export const ok = (key: string, value: unknown): ApiResult => ({ status: 200, body: { [key]: value } });

export const created = (key: string, value: { id: string }, location: string): ApiResult => ({
  status: 201,
  body: { [key]: value },
  location,
});

export function listResult<T>(
  key: string,
  page: { items: T[]; cursors: { before: string | null; after: string | null }; limit: number },
  serialize: (item: T) => unknown,
): ApiResult {
  return {
    status: 200,
    body: { [key]: page.items.map(serialize), meta: { cursors: page.cursors, limit: page.limit } },
  };
}

/** Every success status a route declares. */
export const successStatuses = (route: RouteDef<any, any>): readonly SuccessStatus[] =>
  typeof route.status === 'number' ? [route.status] : route.status;

/** Whether a route needs a read_write token. */
export const needsWrite = (route: RouteDef<unknown, unknown>) => route.method !== 'GET';
