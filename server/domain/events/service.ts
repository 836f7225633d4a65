import type { Queryable } from '../../db/db';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import type { Page, PageRequest } from '../shared/pagination';
import { findEvent, listEvents, recordEvent, type EventFilters } from './queries';
import type { EventRow, NewEvent } from './types';

export type { EventFilters } from './queries';

/** The spec: the events list no longer returns events older than 18 months. */
export const EVENT_LIST_RETENTION_MONTHS = 18;

/** Events: reads take the caller's database or unit of work first, as every service does. */
export function createEventService(ctx: DomainContext) {
  return {
    /** See `recordEvent`: the change's own transaction writes its event and its deliveries. */
    record: (tx: Queryable, event: NewEvent): Promise<EventRow> => recordEvent(tx, ctx, event),

    get: (db: Queryable, actor: Actor, id: string): Promise<EventRow> => findEvent(db, actor.organisationId, id),

    list(db: Queryable, actor: Actor, filters: EventFilters, page: PageRequest): Promise<Page<EventRow>> {
      const cutoff = ctx.clock.now();
      cutoff.setUTCMonth(cutoff.getUTCMonth() - EVENT_LIST_RETENTION_MONTHS);
      return listEvents(db, actor.organisationId, cutoff, filters, page);
    },
  };
}

export type EventService = ReturnType<typeof createEventService>;
