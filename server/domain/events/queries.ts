import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import { defineTable } from '../shared/table';
import type { EventRow, NewEvent } from './types';

export const eventsTable = defineTable('events', [
  'id',
  'organisation_id',
  'created_at',
  'resource_type',
  'action',
  'links',
  'details',
  'metadata',
  'resource_metadata',
  'source',
]);

/**
 * Writes an event. Call it with the transaction that makes the change, so the change and its
 * record commit together or not at all. The same statement queues the event for each enabled
 * webhook endpoint of the organisation (the outbox the delivery worker reads after commit), so
 * an event is never committed without its deliveries, nor a delivery without its event.
 */
export async function recordEvent(
  tx: Queryable,
  ctx: { clock: Clock; ids: IdGenerator },
  event: NewEvent,
): Promise<EventRow> {
  const id = ctx.ids('event');
  const createdAt = ctx.clock.now();
  const links = event.parentEvent ? { ...event.links, parent_event: event.parentEvent } : event.links;
  const { rows } = await tx.query<EventRow>(
    `WITH event AS (
       INSERT INTO events (id, organisation_id, created_at, resource_type, action, links, details, metadata, resource_metadata, source)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *
     ), outbox AS (
       INSERT INTO webhook_outbox (endpoint_id, event_id, organisation_id, created_at)
       SELECT e.id, $1, $2, $3 FROM webhook_endpoints e WHERE e.organisation_id = $2 AND e.enabled
     )
     SELECT * FROM event`,
    [
      id,
      event.organisationId,
      createdAt,
      event.resourceType,
      event.action,
      json(links),
      json(event.details),
      json(event.metadata ?? {}),
      event.resourceMetadata === undefined ? null : json(event.resourceMetadata),
      event.source ? json(event.source) : null,
    ],
  );
  return rows[0]!;
}
