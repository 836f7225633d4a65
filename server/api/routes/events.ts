import { z } from 'zod';
import { eventWire, serializeEvent } from '../wire/events';
import { eventsLinkedWire } from '../wire/events-linked';
import {
  EVENT_INCLUDES,
  EVENT_LINK_FILTERS,
  EVENT_RESOURCE_TYPES,
  type EventLinkFilter,
} from '../../domain/events/types';
import { DomainError } from '../../domain/shared/errors';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { defineRoute, listResult, ok } from '../route';
import { wireInteger } from '../schemas';
import { linkedResources } from './events-linked';

const linkFilters = Object.fromEntries(
  EVENT_LINK_FILTERS.map((k) => [k, z.string().min(1).max(100).optional()]),
) as Record<EventLinkFilter, z.ZodOptional<z.ZodString>>;

const listQuery = z.strictObject({
  ...cursorQuery,
  resource_type: z.enum(EVENT_RESOURCE_TYPES).optional(),
  action: z.string().min(1).max(100).optional(),
  include: z.enum(EVENT_INCLUDES).optional(),
  created_at: timeRangeQuery.optional(),
  ...linkFilters,
});

/**
 * The public API's rules: at most one resource-id filter, and not together with `resource_type`
 * (the id already says which resource); `include` only together with `resource_type` (so it can
 * not be combined with an id filter either). Anything else is `invalid_filters`.
 */
function linkFilterOf(query: z.output<typeof listQuery>) {
  const given = EVENT_LINK_FILTERS.filter((key) => query[key] !== undefined);
  if (given.length > 1 || (given.length === 1 && query.resource_type)) throw new DomainError('invalid_filters');
  if (query.include && !query.resource_type) throw new DomainError('invalid_filters');
  const key = given[0];
  return key ? { key, id: query[key]! } : undefined;
}

const common = { tag: 'Events', resourceKey: 'events', response: eventWire } as const;

/**
 * The longest `GET /events/wait` holds a request: well inside the API's 29 s limit, and no longer
 * than a shutdown's grace period, so a listening CLI never holds a stopping server up.
 */
const MAX_WAIT_SECONDS = 10;
const WAIT_POLL_MS = 500;

const waitQuery = z.strictObject({
  before: z.string().min(1).max(100).optional(),
  limit: cursorQuery.limit,
  wait: wireInteger(0, MAX_WAIT_SECONDS).default(MAX_WAIT_SECONDS),
});

/** Below every event id: the cursor of an organisation with no events yet. */
const BEFORE_EVERY_EVENT = `EV${'0'.repeat(26)}`;

export const eventRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/events',
    operationId: 'listEvents',
    summary: 'List events (the last 18 months); `include` adds the linked resources under `linked`',
    kind: 'list',
    status: 200,
    query: listQuery,
    responseExtras: { linked: eventsLinkedWire },
    async handler({ services, tx, config, actor, query }) {
      const link = linkFilterOf(query);
      const page = await services.events.list(
        tx,
        actor,
        { resourceType: query.resource_type, action: query.action, createdAt: query.created_at, link },
        pageOf(query),
      );
      const result = listResult('events', page, serializeEvent);
      if (!query.include) return result;
      // `linked` sits beside `events` and `meta`, as the public API's fixtures show it.
      const linked = await linkedResources(services, tx, config, actor, query.include, page.items);
      return { ...result, body: { ...(result.body as object), linked } };
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/events/wait',
    operationId: 'waitForEvents',
    summary:
      'The events newer than `before`, waiting up to `wait` seconds for the first (a bankflow extension: ' +
      "what `npm run cli -- listen` follows; without `before` it answers at once with the newest event's id as the cursor)",
    kind: 'list',
    status: 200,
    extension: true,
    // A long poll every few seconds would fill the request logs with its own polls.
    unlogged: true,
    query: waitQuery,
    async handler({ services, tx, actor, query }) {
      const answer = (items: Parameters<typeof serializeEvent>[0][], cursor: string) =>
        listResult('events', { items, cursors: { before: cursor, after: null }, limit: query.limit }, serializeEvent);
      if (!query.before) {
        const [newest] = (await services.events.list(tx, actor, {}, { limit: 1 })).items;
        return answer([], newest?.id ?? BEFORE_EVERY_EVENT);
      }
      // Reads only, a short pause between them: nothing is held while it waits.
      const until = Date.now() + query.wait * 1000;
      for (;;) {
        const page = await services.events.list(tx, actor, {}, { before: query.before, limit: query.limit });
        const remaining = until - Date.now();
        if (page.items.length > 0 || remaining <= 0) return answer(page.items, page.items[0]?.id ?? query.before);
        await new Promise((resolve) => setTimeout(resolve, Math.min(WAIT_POLL_MS, remaining)));
      }
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/events/:id',
    operationId: 'getEvent',
    summary: 'Get an event',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('events', serializeEvent(await services.events.get(tx, actor, params.id)));
    },
  }),
];
