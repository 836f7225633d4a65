import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { serializeEvent } from '../events/serialize';
import type { EventRow } from '../events/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { notFound } from '../shared/errors';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import type { EndpointScope } from './endpoints';
import type { WebhookEndpointRow, WebhookFilters, WebhookRow } from './types';

/** The public API's limit: at most 250 events in one request. */
export const MAX_EVENTS_PER_WEBHOOK = 250;

/** The exact body sent (and signed): `{"events":[…],"meta":{"webhook_id":"WB…"}}`. */
export const webhookBody = (events: unknown[], webhookId: string) =>
  JSON.stringify({ events, meta: { webhook_id: webhookId } });

export interface NewDelivery {
  endpoint: Pick<WebhookEndpointRow, 'id' | 'organisation_id' | 'url'>;
  /** Events already in their wire shape (serialised like GET /events). */
  events: unknown[];
  isTest?: boolean;
  retryOf?: string;
  /** Claims the new delivery for the caller (the worker sends it right after committing). */
  claim?: { token: string; leaseExpiresAt: Date };
}

/**
 * Writes a delivery due now. Its body is fixed here, once: every attempt sends the same bytes with
 * the same `Idempotency-Key`, so a receiver can tell a retry from a new delivery.
 */
export async function insertDelivery(
  tx: Queryable,
  ctx: Pick<DomainContext, 'ids' | 'clock'>,
  input: NewDelivery,
): Promise<WebhookRow> {
  const id = ctx.ids('webhook');
  const now = ctx.clock.now();
  const { rows } = await tx.query<WebhookRow>(
    `INSERT INTO webhooks (id, organisation_id, endpoint_id, url, is_test, retry_of, idempotency_key, event_count, request_body,
                           next_attempt_at, lease_expires_at, claim_token, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $10, $10) RETURNING *`,
    [
      id,
      input.endpoint.organisation_id,
      input.endpoint.id,
      input.endpoint.url,
      input.isTest ?? false,
      input.retryOf ?? null,
      randomUUID(),
      input.events.length,
      webhookBody(input.events, id),
      now,
      input.claim?.leaseExpiresAt ?? null,
      input.claim?.token ?? null,
    ],
  );
  return rows[0]!;
}

export function createWebhookDeliveryService(ctx: DomainContext) {
  async function find(db: Queryable, actor: Actor, id: string): Promise<WebhookRow> {
    const { rows } = await db.query<WebhookRow>('SELECT * FROM webhooks WHERE id = $1 AND organisation_id = $2', [
      id,
      actor.organisationId,
    ]);
    if (!rows[0]) throw notFound('webhooks');
    return rows[0];
  }

  return {
    get: (actor: Actor, id: string) => find(ctx.db, actor, id),

    async list(actor: Actor, filters: WebhookFilters, page: PageRequest): Promise<Page<WebhookRow>> {
      const params = new Params();
      const where = [`organisation_id = ${params.add(actor.organisationId)}`];
      if (filters.isTest !== undefined) where.push(`is_test = ${params.add(filters.isTest)}`);
      if (filters.successful !== undefined) where.push(`successful = ${params.add(filters.successful)}`);
      whereInRange(where, params, 'created_at', filters.createdAt);
      return pageQuery<WebhookRow>(ctx.db, { from: 'webhooks', where, params }, page);
    },

    /**
     * Sends a delivery's events again, as a new delivery (new id, new idempotency key) to the
     * endpoint's current URL; the original keeps its own history. The worker sends it shortly.
     */
    async retry(actor: Actor, id: string): Promise<WebhookRow> {
      return ctx.db.transaction(async (tx) => {
        const original = await find(tx, actor, id);
        const { rows } = await tx.query<WebhookEndpointRow>(
          'SELECT * FROM webhook_endpoints WHERE id = $1 AND organisation_id = $2',
          [original.endpoint_id, actor.organisationId],
        );
        const events = (JSON.parse(original.request_body) as { events: unknown[] }).events;
        return insertDelivery(tx, ctx, { endpoint: rows[0]!, events, isTest: original.is_test, retryOf: original.id });
      });
    },

    /**
     * A test delivery (`is_test`) with one made-up event, so a merchant can check their receiver
     * and its signature check before real events flow. The event is not recorded as an event.
     */
    async sendTest(scope: EndpointScope, endpointId: string): Promise<WebhookRow> {
      const byOrganisation = scope === 'operator' ? '' : ' AND organisation_id = $2';
      const { rows } = await ctx.db.query<WebhookEndpointRow>(
        `SELECT * FROM webhook_endpoints WHERE id = $1${byOrganisation}`,
        scope === 'operator' ? [endpointId] : [endpointId, scope.organisationId],
      );
      const endpoint = rows[0];
      if (!endpoint) throw notFound('webhook_endpoints');
      const event: EventRow = {
        id: ctx.ids('event'),
        organisation_id: endpoint.organisation_id,
        created_at: ctx.clock.now(),
        resource_type: 'organisations',
        action: 'webhook_test',
        links: { organisation: endpoint.organisation_id },
        details: { origin: 'api', cause: 'webhook_test', description: 'A test webhook: no resource changed.' },
        metadata: {},
        resource_metadata: null,
        source: null,
      };
      return insertDelivery(ctx.db, ctx, { endpoint, events: [serializeEvent(event)], isTest: true });
    },
  };
}

export type WebhookDeliveryService = ReturnType<typeof createWebhookDeliveryService>;
