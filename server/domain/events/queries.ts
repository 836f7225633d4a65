import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { queueNoticeFor } from '../notifications/outbox';
import type { Clock } from '../shared/clock';
import type { IdGenerator } from '../shared/ids';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { col, defineTable, findOwned } from '../shared/table';
import type { EventLinkFilter, EventResourceType, EventRow, NewEvent } from './types';
import type { CustomerNotificationRef } from '../notifications/types';
import type { EventSource } from './types';

/** The only file that names the `events` table in SQL. */
export const eventsTable = defineTable('events', {
  id: col.text(),
  organisation_id: col.text(),
  created_at: col.timestamptz(),
  resource_type: col.text(),
  action: col.text(),
  links: col.jsonb<Record<string, string>>(),
  details: col.jsonb<Record<string, unknown>>(),
  metadata: col.jsonb<Record<string, string>>(),
  resource_metadata: col.jsonb<Record<string, string>>().nullable(),
  source: col.jsonb<EventSource>().nullable(),
  /** Notices the merchant took over, named with the event that causes them (decision 0038). */
  customer_notifications: col.jsonb<CustomerNotificationRef[]>().nullable(),
  /** The API request that recorded it (decision 0086); null for the scheme clock's, the payer's, the dashboard's. */
  request_id: col.text().nullable(),
});

/**
 * Writes an event. Call it with the transaction that makes the change, so the change and its
 * record commit together or not at all. The same statement queues the event for each enabled
 * webhook endpoint of the organisation (the outbox the delivery worker reads after commit), so
 * an event is never committed without its deliveries, nor a delivery without its event. The payer
 * notice the event causes (a mandate's confirmation, a payment's advance notice…) is queued in the
 * same transaction too (`notifications/outbox.ts`), and sent after commit by the delivery job;
 * one the merchant took over is named in the event's `customer_notifications`, and one that can
 * never be sent (no usable address) gets its `customer_notification_failed` event at once.
 */
export async function recordEvent(
  tx: Queryable,
  ctx: { clock: Clock; ids: IdGenerator },
  event: NewEvent,
): Promise<EventRow> {
  const id = ctx.ids('event');
  const createdAt = ctx.clock.now();
  const links = event.parentEvent ? { ...event.links, parent_event: event.parentEvent } : event.links;
  // The request id has its own column; `source` keeps what the wire shows.
  const requestId = event.source?.request_id ?? null;
  const source = requestId === null ? event.source : { type: event.source!.type, name: event.source!.name };
  const { rows } = await tx.query<EventRow>(
    `WITH event AS (
       INSERT INTO events (id, organisation_id, created_at, resource_type, action, links, details, metadata, resource_metadata, source, request_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING *
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
      source ? json(source) : null,
      requestId,
    ],
  );
  const queued = await queueNoticeFor(tx, ctx, rows[0]!, Boolean(event.parentEvent));
  if (queued.failedEvent) await recordEvent(tx, ctx, queued.failedEvent);
  if (!queued.customerNotification) return rows[0]!;
  // A notice the merchant took over: the event tells it so, in the row every reader serializes.
  const { rows: told } = await tx.query<EventRow>(
    'UPDATE events SET customer_notifications = $2 WHERE id = $1 RETURNING *',
    [id, json([queued.customerNotification])],
  );
  return told[0]!;
}

export const findEvent = (db: Queryable, organisationId: string, id: string) =>
  findOwned<EventRow>(db, eventsTable, organisationId, id);

export interface EventFilters {
  resourceType?: EventResourceType;
  action?: string;
  link?: { key: EventLinkFilter; id: string };
  createdAt?: TimeRange;
}

/** A page of the organisation's events created at or after `since` (the list's retention). */
export async function listEvents(
  db: Queryable,
  organisationId: string,
  since: Date,
  filters: EventFilters,
  page: PageRequest,
): Promise<Page<EventRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`, `created_at >= ${params.add(since)}`];
  if (filters.resourceType) where.push(`resource_type = ${params.add(filters.resourceType)}`);
  if (filters.action) where.push(`action = ${params.add(filters.action)}`);
  if (filters.link) where.push(`links @> ${params.add(json({ [filters.link.key]: filters.link.id }))}::jsonb`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<EventRow>(db, { from: eventsTable.name, where, params }, page);
}

/** The organisation's events with these ids, oldest first (a webhook delivery's batch). */
export async function listEventsByIds(db: Queryable, organisationId: string, ids: string[]): Promise<EventRow[]> {
  const { rows } = await db.query<EventRow>(
    'SELECT * FROM events WHERE organisation_id = $1 AND id = ANY($2) ORDER BY id',
    [organisationId, ids],
  );
  return rows;
}

export interface EventOfRequest {
  id: string;
  request_id: string;
  resource_type: string;
  action: string;
}

/** The events each of these API requests recorded (a page of request logs), oldest first. */
export async function listEventsOfRequests(
  db: Queryable,
  organisationId: string,
  requestIds: string[],
): Promise<EventOfRequest[]> {
  const { rows } = await db.query<EventOfRequest>(
    `SELECT id, request_id, resource_type, action FROM events
     WHERE organisation_id = $1 AND request_id = ANY($2) ORDER BY id`,
    [organisationId, requestIds],
  );
  return rows;
}
