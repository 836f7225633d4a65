import type { Queryable } from '../../db/db';
import { listEventIdsOfRequests } from '../events/queries';
import type { Actor } from '../shared/actor';
import type { Page, PageRequest } from '../shared/pagination';
import { listWebhooksOfEvents } from '../webhooks/outbox-queries';
import { findRequestLog, listRequestLogs, type RequestLogFilters, type RequestLogRow } from './queries';

/** A request log with what its request caused: the events it recorded, the webhooks that carried them. */
export interface RequestLog extends RequestLogRow {
  event_ids: string[];
  webhook_ids: string[];
}

/** Three statements for any page: the logs, their events, those events' deliveries (no N+1). */
async function withCauses(db: Queryable, organisationId: string, rows: RequestLogRow[]): Promise<RequestLog[]> {
  if (!rows.length) return [];
  const events = await listEventIdsOfRequests(db, organisationId, [...new Set(rows.map((r) => r.request_id))]);
  const webhooks = await listWebhooksOfEvents(
    db,
    organisationId,
    events.map((e) => e.id),
  );
  const eventsOf = new Map<string, string[]>();
  const requestOfEvent = new Map<string, string>();
  for (const event of events) {
    eventsOf.set(event.request_id, [...(eventsOf.get(event.request_id) ?? []), event.id]);
    requestOfEvent.set(event.id, event.request_id);
  }
  const webhooksOf = new Map<string, Set<string>>();
  for (const { event_id, webhook_id } of webhooks) {
    const requestId = requestOfEvent.get(event_id)!;
    webhooksOf.set(requestId, (webhooksOf.get(requestId) ?? new Set()).add(webhook_id));
  }
  return rows.map((row) => ({
    ...row,
    event_ids: eventsOf.get(row.request_id) ?? [],
    webhook_ids: [...(webhooksOf.get(row.request_id) ?? [])],
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
