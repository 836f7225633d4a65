import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { notFound } from '../shared/errors';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { EndpointScope, WebhookDeliveryStatus, WebhookEndpointRow, WebhookFilters, WebhookRow } from './types';

/**
 * The only file that names the webhook tables in SQL: endpoints, deliveries (`webhooks`, the
 * public API's resource), their attempts and the outbox of events per endpoint. `recordEvent`
 * writes outbox rows in the event's own statement (decision 0017), and nothing else does.
 */
export const webhookEndpointsTable = defineTable('webhook_endpoints', {
  id: col.text(),
  organisation_id: col.text(),
  url: col.text(),
  secret: col.text(),
  enabled: col.boolean(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  rotated_at: col.timestamptz().nullable(),
});

export const webhooksTable = defineTable('webhooks', {
  id: col.text(),
  organisation_id: col.text(),
  endpoint_id: col.text(),
  url: col.text(),
  is_test: col.boolean(),
  retry_of: col.text().nullable(),
  idempotency_key: col.text(),
  event_count: col.integer(),
  request_body: col.text(),
  request_headers: col.jsonb(),
  response_code: col.integer().nullable(),
  response_body: col.text().nullable(),
  response_body_truncated: col.boolean(),
  response_headers: col.jsonb().nullable(),
  response_headers_content_truncated: col.boolean(),
  response_headers_count_truncated: col.boolean(),
  attempts: col.integer(),
  next_attempt_at: col.timestamptz().nullable(),
  lease_expires_at: col.timestamptz().nullable(),
  claim_token: col.text().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  status: col.text(),
  successful: col.boolean().nullable(),
});

// --- endpoints ---------------------------------------------------------------------------------

/** An endpoint as `scope` may see it: its organisation's own, or any for the operator. */
export async function findEndpoint(
  db: Queryable,
  scope: EndpointScope,
  id: string,
  options: { lock?: boolean } = {},
): Promise<WebhookEndpointRow> {
  if (scope !== 'operator')
    return findOwned<WebhookEndpointRow>(db, webhookEndpointsTable, scope.organisationId, id, options);
  const endpoint = await findById<WebhookEndpointRow>(db, webhookEndpointsTable, id, options);
  if (!endpoint) throw notFound(webhookEndpointsTable.resource);
  return endpoint;
}

export async function findEnabledEndpoint(db: Queryable, id: string): Promise<WebhookEndpointRow | undefined> {
  const { rows } = await db.query<WebhookEndpointRow>('SELECT * FROM webhook_endpoints WHERE id = $1 AND enabled', [
    id,
  ]);
  return rows[0];
}

export async function listEndpoints(db: Queryable, scope: EndpointScope): Promise<WebhookEndpointRow[]> {
  const { rows } =
    scope === 'operator'
      ? await db.query<WebhookEndpointRow>('SELECT * FROM webhook_endpoints ORDER BY id')
      : await db.query<WebhookEndpointRow>('SELECT * FROM webhook_endpoints WHERE organisation_id = $1 ORDER BY id', [
          scope.organisationId,
        ]);
  return rows;
}

export async function insertEndpoint(
  tx: Queryable,
  row: { id: string; organisation_id: string; url: string; secret: string; created_at: Date },
): Promise<WebhookEndpointRow> {
  const { rows } = await tx.query<WebhookEndpointRow>(
    `INSERT INTO webhook_endpoints (id, organisation_id, url, secret, enabled, created_at, updated_at)
     VALUES ($1, $2, $3, $4, true, $5, $5) RETURNING *`,
    [row.id, row.organisation_id, row.url, row.secret, row.created_at],
  );
  return rows[0]!;
}

export async function setEndpointEnabled(
  tx: Queryable,
  id: string,
  enabled: boolean,
  updatedAt: Date,
): Promise<WebhookEndpointRow> {
  const { rows } = await tx.query<WebhookEndpointRow>(
    'UPDATE webhook_endpoints SET enabled = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, enabled, updatedAt],
  );
  return rows[0]!;
}

export async function setEndpointSecret(
  tx: Queryable,
  id: string,
  secret: string,
  rotatedAt: Date,
): Promise<WebhookEndpointRow> {
  const { rows } = await tx.query<WebhookEndpointRow>(
    'UPDATE webhook_endpoints SET secret = $2, rotated_at = $3, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, secret, rotatedAt],
  );
  return rows[0]!;
}

// --- deliveries --------------------------------------------------------------------------------

export const findDelivery = (db: Queryable, organisationId: string, id: string) =>
  findOwned<WebhookRow>(db, webhooksTable, organisationId, id);

export async function listDeliveries(
  db: Queryable,
  organisationId: string,
  filters: WebhookFilters,
  page: PageRequest,
): Promise<Page<WebhookRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.isTest !== undefined) where.push(`is_test = ${params.add(filters.isTest)}`);
  if (filters.successful !== undefined) where.push(`successful = ${params.add(filters.successful)}`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<WebhookRow>(db, { from: webhooksTable.name, where, params }, page);
}

/** What a list of an endpoint's deliveries shows: not the bodies (up to 250 events each). */
export type DeliveryLine = Pick<
  WebhookRow,
  'id' | 'created_at' | 'is_test' | 'retry_of' | 'status' | 'response_code' | 'attempts' | 'event_count'
>;

/**
 * One endpoint's deliveries, newest first, a page on `(organisation_id, endpoint_id, id)` — or,
 * filtered by status, on `(organisation_id, endpoint_id, status, id)` (migration 0075).
 */
export async function listEndpointDeliveries(
  db: Queryable,
  organisationId: string,
  endpointId: string,
  filters: { status?: WebhookDeliveryStatus },
  page: PageRequest,
): Promise<Page<DeliveryLine>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`, `endpoint_id = ${params.add(endpointId)}`];
  if (filters.status) where.push(`status = ${params.add(filters.status)}`);
  const select = 'id, created_at, is_test, retry_of, status, response_code, attempts, event_count';
  return pageQuery<DeliveryLine>(db, { from: webhooksTable.name, select, where, params }, page);
}

export interface NewDeliveryRow {
  id: string;
  organisation_id: string;
  endpoint_id: string;
  url: string;
  is_test: boolean;
  retry_of: string | null;
  idempotency_key: string;
  event_count: number;
  request_body: string;
  /** When it is made: it is due at once. */
  created_at: Date;
  lease_expires_at: Date | null;
  claim_token: string | null;
}

/** A new delivery starts `pending`, due at once. */
export async function insertDeliveryRow(tx: Queryable, row: NewDeliveryRow): Promise<WebhookRow> {
  const { rows } = await tx.query<WebhookRow>(
    `INSERT INTO webhooks (id, organisation_id, endpoint_id, url, is_test, retry_of, idempotency_key, event_count, request_body,
                           status, next_attempt_at, lease_expires_at, claim_token, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12, $10, $10) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.endpoint_id,
      row.url,
      row.is_test,
      row.retry_of,
      row.idempotency_key,
      row.event_count,
      row.request_body,
      row.created_at,
      row.lease_expires_at,
      row.claim_token,
    ],
  );
  return rows[0]!;
}

/** Requests a worker has in flight per endpoint and per organisation, and the most each may have. */
export interface DueShares {
  perEndpoint: number;
  perOrganisation: number;
  endpoints: Map<string, number>;
  organisations: Map<string, number>;
}

/**
 * Leases up to `limit` due deliveries (pending or retrying, due, lease free or run out) of enabled
 * endpoints to `claimToken`, with their endpoint's secret. SKIP LOCKED: two workers never take the same.
 * With `shares`, endpoints take turns: an endpoint's next delivery ranks by what it holds already
 * plus its place in its own queue, so every endpoint gets one before any gets another, and no
 * endpoint (organisation) is taken past its share; rows past a share used to fill the LIMIT and
 * be handed back while other endpoints' due deliveries waited (issue 40.2). Ranked in sub-selects:
 * FOR UPDATE is not allowed beside window functions.
 */
export async function leaseDueDeliveries(
  db: Queryable,
  now: Date,
  limit: number,
  lease: { token: string; leaseExpiresAt: Date },
  shares?: DueShares,
): Promise<(WebhookRow & { secret: string })[]> {
  const due = (t: string) => `${t}status IN ('pending', 'retrying') AND ${t}next_attempt_at <= $1
    AND (${t}lease_expires_at IS NULL OR ${t}lease_expires_at <= $1)`;
  const { rows } = await db.query<WebhookRow & { secret: string }>(
    `UPDATE webhooks w SET lease_expires_at = $3, claim_token = $4
     FROM (SELECT d.id, e.secret FROM webhooks d JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
           JOIN (SELECT by_endpoint.id, turn, next_attempt_at, coalesce(ho.n, 0)
                          + row_number() OVER (PARTITION BY by_endpoint.organisation_id ORDER BY turn, next_attempt_at, by_endpoint.id) AS org_turn
                 FROM (SELECT x.id, x.organisation_id, x.next_attempt_at, coalesce(he.n, 0)
                                + row_number() OVER (PARTITION BY x.endpoint_id ORDER BY x.next_attempt_at, x.id) AS turn
                       FROM webhooks x JOIN webhook_endpoints xe ON xe.id = x.endpoint_id AND xe.enabled
                       LEFT JOIN unnest($5::text[], $6::int[]) he(endpoint_id, n) ON he.endpoint_id = x.endpoint_id
                       WHERE ${due('x.')}) by_endpoint
                 LEFT JOIN unnest($7::text[], $8::int[]) ho(organisation_id, n) ON ho.organisation_id = by_endpoint.organisation_id
                 WHERE turn <= $9) ranked ON ranked.id = d.id AND ranked.org_turn <= $10
           -- Again on the locked row: SKIP LOCKED reads each row as it is when locked.
           WHERE ${due('d.')}
           ORDER BY ranked.turn, ranked.next_attempt_at, d.id LIMIT $2 FOR UPDATE OF d SKIP LOCKED) due
     WHERE w.id = due.id RETURNING w.*, due.secret`,
    [
      now,
      limit,
      lease.leaseExpiresAt,
      lease.token,
      [...(shares?.endpoints.keys() ?? [])],
      [...(shares?.endpoints.values() ?? [])],
      [...(shares?.organisations.keys() ?? [])],
      [...(shares?.organisations.values() ?? [])],
      shares?.perEndpoint ?? limit,
      shares?.perOrganisation ?? limit,
    ],
  );
  return rows;
}

/** Hands a leased delivery back at once (a worker stopping mid-request), if the lease is still `token`'s. */
export async function releaseLease(db: Queryable, id: string, token: string): Promise<void> {
  await db.query('UPDATE webhooks SET lease_expires_at = NULL, claim_token = NULL WHERE id = $1 AND claim_token = $2', [
    id,
    token,
  ]);
}

/** Counts an attempt and answers the delivery as it now is, locked for the rest of the transaction. */
export async function countAttempt(tx: Queryable, id: string, now: Date): Promise<WebhookRow> {
  const { rows } = await tx.query<WebhookRow>(
    'UPDATE webhooks SET attempts = attempts + 1, updated_at = $2 WHERE id = $1 RETURNING *',
    [id, now],
  );
  return rows[0]!;
}

export interface DeliveryAnswer {
  requestHeaders: Record<string, string>;
  status?: number;
  body?: string;
  bodyTruncated: boolean;
  headers?: Record<string, string>;
  headersContentTruncated: boolean;
  headersCountTruncated: boolean;
}

/** Keeps the latest attempt's request and answer on the delivery, and releases the lease. */
export async function writeLatestAnswer(tx: Queryable, id: string, answer: DeliveryAnswer): Promise<void> {
  await tx.query(
    `UPDATE webhooks SET request_headers = $2, response_code = $3, response_body = $4, response_body_truncated = $5,
       response_headers = $6, response_headers_content_truncated = $7, response_headers_count_truncated = $8,
       lease_expires_at = NULL, claim_token = NULL
     WHERE id = $1`,
    [
      id,
      json(answer.requestHeaders),
      answer.status ?? null,
      answer.body ?? null,
      answer.bodyTruncated,
      answer.headers ? json(answer.headers) : null,
      answer.headersContentTruncated,
      answer.headersCountTruncated,
    ],
  );
}

/**
 * The endpoint answers again: its deliveries waiting in backoff are due now, not hours later.
 * Only their schedule changes; they stay `retrying`.
 */
export async function bringRetriesForward(
  tx: Queryable,
  organisationId: string,
  endpointId: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE webhooks SET next_attempt_at = $2
     WHERE endpoint_id = $1 AND organisation_id = $3 AND status = 'retrying' AND next_attempt_at > $2`,
    [endpointId, now, organisationId],
  );
}
