import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { notFound } from '../shared/errors';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { recordEvent } from './queries';
import type { EventLinkFilter, EventResourceType, EventRow, NewEvent } from './types';

/** The spec: the events list no longer returns events older than 18 months. */
export const EVENT_LIST_RETENTION_MONTHS = 18;

export interface EventFilters {
  resourceType?: EventResourceType;
  action?: string;
  link?: { key: EventLinkFilter; id: string };
  createdAt?: TimeRange;
}

export function createEventService(ctx: DomainContext) {
  return {
    /**
     * Writes an event. Call it with the transaction that makes the change, so the change and its
     * record commit together or not at all. The same statement queues the event for each enabled
     * webhook endpoint of the organisation (the outbox the delivery worker reads after commit), so
     * an event is never committed without its deliveries, nor a delivery without its event.
     */
    /** See `recordEvent`: the change's own transaction writes its event and its deliveries. */
    record: (tx: Queryable, event: NewEvent): Promise<EventRow> => recordEvent(tx, ctx, event),

    async get(actor: Actor, id: string): Promise<EventRow> {
      const { rows } = await ctx.db.query<EventRow>('SELECT * FROM events WHERE id = $1 AND organisation_id = $2', [
        id,
        actor.organisationId,
      ]);
      if (!rows[0]) throw notFound('events');
      return rows[0];
    },

    async list(actor: Actor, filters: EventFilters, page: PageRequest): Promise<Page<EventRow>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`];
      const cutoff = ctx.clock.now();
      cutoff.setUTCMonth(cutoff.getUTCMonth() - EVENT_LIST_RETENTION_MONTHS);
      where.push(`created_at >= ${params.add(cutoff)}`);
      if (filters.resourceType) where.push(`resource_type = ${params.add(filters.resourceType)}`);
      if (filters.action) where.push(`action = ${params.add(filters.action)}`);
      if (filters.link) where.push(`links @> ${params.add(json({ [filters.link.key]: filters.link.id }))}::jsonb`);
      whereInRange(where, params, 'created_at', filters.createdAt);
      return pageQuery<EventRow>(ctx.db, { from: 'events', where, params }, page);
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
