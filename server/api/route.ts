import type { z } from 'zod';
import type { Config } from '../config';
import type { Queryable } from '../db/db';
import type { Services } from '../container';
import type { AccessTokenRow } from '../domain/access/service';
import type { Actor } from '../domain/shared/actor';
import type { LiveRestriction } from '../domain/restrictions/live';
import type { Language } from '../i18n/languages';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * What a route is decides how its body is read:
 *  - create / update: `{ "<resourceKey>": { ... } }`, nothing else at the top level
 *  - action: `{ "data": { ... } }` (what existing clients send), or under one of `bodyKeys`
 *    (the spec's examples), or no body at all
 *  - read / list / delete: no body
 */
export type RouteKind = 'create' | 'update' | 'action' | 'read' | 'list' | 'delete';

export interface HandlerContext<B, Q> {
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
  params: Record<string, string>;
  body: B;
  query: Q;
  idempotencyKey?: string;
  lang: Language;
  requestId: string;
}

export interface ApiResult {
  status: 200 | 201 | 204;
  body?: unknown;
  location?: string;
  /**
   * Run by the edge after the unit of work committed, never inside it (an outbox's delivery: the
   * notify action's mail). Its failure is logged; the outbox's job retries.
   */
  afterCommit?: () => Promise<unknown>;
}

export interface RouteDef<B = unknown, Q = unknown> {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  kind: RouteKind;
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
  /** Whether the answer is a list (`resourceKey: [...]` plus `meta`). */
  list?: boolean;
  /** Restricted in live unless the organisation is approved for it (spec: Restrictions in live). */
  liveRestriction?: LiveRestriction;
  handler(ctx: HandlerContext<B, Q>): Promise<ApiResult>;
}

/** Identity helper that keeps the body and query types of a route definition. */
export const defineRoute = <B = undefined, Q = undefined>(route: RouteDef<B, Q>): RouteDef<B, Q> => route;

export const ok = (key: string, value: unknown): ApiResult => ({ status: 200, body: { [key]: value } });

export const created = (key: string, value: { id: string }, location: string): ApiResult => ({
  status: 201,
  body: { [key]: value },
  location,
});

export const noContent = (): ApiResult => ({ status: 204 });

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

/** Whether a route needs a read_write token. */
export const needsWrite = (route: RouteDef<unknown, unknown>) => route.method !== 'GET';
