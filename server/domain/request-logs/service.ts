import type { Queryable } from '../../db/db';
import { listEventsOfRequests, type EventOfRequest } from '../events/queries';
import type { Actor } from '../shared/actor';
import type { Page, PageRequest } from '../shared/pagination';
import { listWebhooksOfEvents } from '../webhooks/outbox-queries';
import { findRequestLog, listRequestLogs, type RequestLogFilters, type RequestLogRow } from './queries';

/** A request log with what its request caused: the events it recorded, the webhooks that carried them. */
export interface RequestLog extends RequestLogRow {
  events: Omit<EventOfRequest, 'request_id'>[];
  webhooks: { id: string; endpoint_id: string }[];
}

/** Three statements for any page: the logs, their events, those events' deliveries (no N+1). */
async function withCauses(db: Queryable, organisationId: string, rows: RequestLogRow[]): Promise<RequestLog[]> {
  if (!rows.length) return [];
  const events = await listEventsOfRequests(db, organisationId, [...new Set(rows.map((r) => r.request_id))]);
  const deliveries = await listWebhooksOfEvents(
    db,
    organisationId,
    events.map((e) => e.id),
  );
  const eventsOf = new Map<string, RequestLog['events']>();
  const requestOfEvent = new Map<string, string>();
  for (const { request_id, ...event } of events) {
    eventsOf.set(request_id, [...(eventsOf.get(request_id) ?? []), event]);
    requestOfEvent.set(event.id, request_id);
  }
  // A delivery carries several events: listed once per request.
  const webhooksOf = new Map<string, Map<string, string>>();
  for (const { event_id, webhook_id, endpoint_id } of deliveries) {
    const requestId = requestOfEvent.get(event_id)!;
    webhooksOf.set(requestId, (webhooksOf.get(requestId) ?? new Map()).set(webhook_id, endpoint_id));
  }
  return rows.map((row) => ({
    ...row,
    events: eventsOf.get(row.request_id) ?? [],
    webhooks: [...(webhooksOf.get(row.request_id) ?? [])].map(([id, endpoint_id]) => ({ id, endpoint_id })),
  }));
}

export function createRequestLogService() {
  return {
    async list(db: Queryable, actor: Actor, filters: RequestLogFilters, page: PageRequest): Promise<Page<RequestLog>> {
      const found = await listRequestLogs(db, actor.organisationId, filters, page);
      return { ...found, items: await withCauses(db, actor.organisationId, found.items) };
    },
    async get(db: Queryable, actor: Actor, id: string): Promise<RequestLog> {
      const row = await findRequestLog(db, actor.organisationId, id);
      return (await withCauses(db, actor.organisationId, [row]))[0]!;
    },
  };
}
