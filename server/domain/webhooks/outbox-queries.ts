import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import type { WebhookAttemptRow } from './types';
import { col, defineTable } from '../shared/table';

/** Events waiting for each endpoint (events/queries.ts adds them as they are recorded). */
export const webhookOutboxTable = defineTable('webhook_outbox', {
  endpoint_id: col.text(),
  event_id: col.text(),
  organisation_id: col.text(),
  created_at: col.timestamptz(),
  webhook_id: col.text().nullable(),
  delivered_at: col.timestamptz().nullable(),
});

/** Each delivery attempt of a webhook. */
export const webhookAttemptsTable = defineTable('webhook_attempts', {
  webhook_id: col.text(),
  attempt: col.integer(),
  organisation_id: col.text(),
  attempted_at: col.timestamptz(),
  duration_ms: col.integer(),
  response_code: col.integer().nullable(),
  response_body: col.text().nullable(),
  error: col.text().nullable(),
  successful: col.boolean(),
});

/**
 * The rest of the webhook tables' SQL, beside `queries.ts`: the outbox of events per endpoint
 * (written with each event by `recordEvent`, batched into deliveries here) and the attempts.
 */

/** Endpoints (enabled) with events not yet in a delivery, but `skipEndpoints`. */
export async function listEndpointsWithQueuedEvents(
  db: Queryable,
  limit: number,
  /** Endpoints, and organisations, already holding their share of the worker's requests. */
  skip: { endpoints: string[]; organisations: string[] } = { endpoints: [], organisations: [] },
): Promise<{ endpoint_id: string; organisation_id: string }[]> {
  const { rows } = await db.query<{ endpoint_id: string; organisation_id: string }>(
    `SELECT DISTINCT o.endpoint_id, e.organisation_id
     FROM webhook_outbox o JOIN webhook_endpoints e ON e.id = o.endpoint_id AND e.enabled
     WHERE o.webhook_id IS NULL AND NOT (o.endpoint_id = ANY($2::text[]))
       AND NOT (e.organisation_id = ANY($3::text[])) LIMIT $1`,
    [limit, skip.endpoints, skip.organisations],
  );
  return rows;
}

/** Up to `limit` of an endpoint's queued events, oldest first, locked (SKIP LOCKED) for batching. */
export async function takeQueuedEvents(tx: Queryable, endpointId: string, limit: number): Promise<string[]> {
  const { rows } = await tx.query<{ event_id: string }>(
    `SELECT event_id FROM webhook_outbox WHERE endpoint_id = $1 AND webhook_id IS NULL
     ORDER BY event_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [endpointId, limit],
  );
  return rows.map((r) => r.event_id);
}

export async function assignQueuedEvents(
  tx: Queryable,
  webhookId: string,
  endpointId: string,
  eventIds: string[],
): Promise<void> {
  await tx.query('UPDATE webhook_outbox SET webhook_id = $1 WHERE endpoint_id = $2 AND event_id = ANY($3)', [
    webhookId,
    endpointId,
    eventIds,
  ]);
}

export async function markEventsDelivered(tx: Queryable, webhookId: string, deliveredAt: Date): Promise<void> {
  await tx.query('UPDATE webhook_outbox SET delivered_at = $2 WHERE webhook_id = $1 AND delivered_at IS NULL', [
    webhookId,
    deliveredAt,
  ]);
}

export async function insertAttempt(tx: Queryable, row: WebhookAttemptRow): Promise<void> {
  await tx.query(
    `INSERT INTO webhook_attempts (webhook_id, attempt, organisation_id, attempted_at, duration_ms, response_code, response_body, error, successful)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      row.webhook_id,
      row.attempt,
      row.organisation_id,
      row.attempted_at,
      row.duration_ms,
      row.response_code,
      row.response_body,
      row.error,
      row.successful,
    ],
  );
}

/** A delivery's latest `limit` attempts, newest first, read backwards along its primary key. */
export async function listAttemptsOf(
  db: Queryable,
  organisationId: string,
  webhookId: string,
  limit: number,
): Promise<WebhookAttemptRow[]> {
  const { rows } = await db.query<WebhookAttemptRow>(
    `SELECT * FROM webhook_attempts WHERE webhook_id = $1 AND organisation_id = $2 ORDER BY attempt DESC LIMIT $3`,
    [webhookId, organisationId, limit],
  );
  return rows;
}

/** One attempt as `webhooks tail` shows it. */
export interface AttemptLine {
  webhook_id: string;
  attempt: number;
  organisation_id: string;
  endpoint_id: string;
  url: string;
  is_test: boolean;
  event_count: number;
  attempted_at: Date;
  duration_ms: number;
  response_code: number | null;
  error: string | null;
  successful: boolean;
  next_attempt_at: Date | null;
}

/** Attempts made at or after `since` (of one organisation, or all), oldest first, with their delivery. */
export async function listAttemptsSince(db: Queryable, since: Date, organisationId?: string): Promise<AttemptLine[]> {
  const params = new Params();
  const where = [`a.attempted_at >= ${params.add(since)}`];
  if (organisationId) where.push(`a.organisation_id = ${params.add(organisationId)}`);
  const { rows } = await db.query<AttemptLine>(
    `SELECT a.webhook_id, a.attempt, a.organisation_id, w.endpoint_id, w.url, w.is_test, w.event_count, a.attempted_at,
            a.duration_ms, a.response_code, a.error, a.successful, w.next_attempt_at
     FROM webhook_attempts a JOIN webhooks w ON w.id = a.webhook_id
     WHERE ${where.join(' AND ')} ORDER BY a.attempted_at, a.webhook_id, a.attempt LIMIT 1000`,
    params.values,
  );
  return rows;
}

/**
 * What is waiting to reach merchants, for /metrics: events not yet in a delivery plus deliveries
 * still to be (re)tried, and the creation time of the oldest of them. Both counts use the partial
 * indexes the worker uses, so a scrape stays cheap however large the history.
 */
export async function webhookBacklog(db: Queryable): Promise<{ count: number; oldest: Date | null }> {
  const { rows } = await db.query<{ count: number; oldest: Date | null }>(
    `SELECT sum(n)::int AS count, min(oldest) AS oldest FROM (
       SELECT count(*) AS n, min(created_at) AS oldest FROM webhook_outbox WHERE webhook_id IS NULL
       UNION ALL
       SELECT count(*) AS n, min(created_at) AS oldest FROM webhooks WHERE next_attempt_at IS NOT NULL
     ) backlog`,
  );
  const row = rows[0];
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * The deliveries that carried any of these events (a request log's webhooks), through the
 * outbox's primary key of each of the organisation's endpoints.
 */
export async function listWebhooksOfEvents(
  db: Queryable,
  organisationId: string,
  eventIds: string[],
): Promise<{ event_id: string; webhook_id: string; endpoint_id: string }[]> {
  if (!eventIds.length) return [];
  const { rows } = await db.query<{ event_id: string; webhook_id: string; endpoint_id: string }>(
    `SELECT o.event_id, o.webhook_id, o.endpoint_id FROM webhook_endpoints e
       JOIN webhook_outbox o ON o.endpoint_id = e.id AND o.event_id = ANY($2)
     WHERE e.organisation_id = $1 AND o.webhook_id IS NOT NULL
     ORDER BY o.webhook_id`,
    [organisationId, eventIds],
  );
  return rows;
}
