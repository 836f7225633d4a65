import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { listEventsByIds } from '../events/queries';
import type { EventRow } from '../events/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { invalidState } from '../shared/errors';
import type { Page, PageRequest } from '../shared/pagination';
import type { Claimed } from './attempts';
import { assignQueuedEvents, listAttemptsOf, takeQueuedEvents } from './outbox-queries';
import {
  findDelivery,
  findEnabledEndpoint,
  findEndpoint,
  insertDeliveryRow,
  listDeliveries,
  listEndpointDeliveries,
  type DeliveryLine,
} from './queries';
import type {
  EndpointScope,
  WebhookAttemptRow,
  WebhookDeliveryStatus,
  WebhookEndpointRow,
  WebhookFilters,
  WebhookRow,
} from './types';

/** The public API's limit: at most 250 events in one request. */
export const MAX_EVENTS_PER_WEBHOOK = 250;

/** The most attempts of one delivery read at once (its page says when there were more). */
export const ATTEMPTS_SHOWN = 100;

/** The exact body sent (and signed): `{"events":[…],"meta":{"webhook_id":"WB…"}}`. */
export const webhookBody = (events: unknown[], webhookId: string) =>
  JSON.stringify({ events, meta: { webhook_id: webhookId } });

/** The edge's serializer of an event, passed in: a delivery's body is the API's wire format. */
export interface EventWire {
  event: (row: EventRow) => unknown;
}

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
  return insertDeliveryRow(tx, {
    id,
    organisation_id: input.endpoint.organisation_id,
    endpoint_id: input.endpoint.id,
    url: input.endpoint.url,
    is_test: input.isTest ?? false,
    retry_of: input.retryOf ?? null,
    idempotency_key: randomUUID(),
    event_count: input.events.length,
    request_body: webhookBody(input.events, id),
    created_at: ctx.clock.now(),
    lease_expires_at: input.claim?.leaseExpiresAt ?? null,
    claim_token: input.claim?.token ?? null,
  });
}

/**
 * Makes one delivery of up to 250 of an enabled endpoint's queued events, claimed for the caller,
 * in the caller's transaction; undefined when nothing is queued or the endpoint is disabled.
 * `wire.event` is the edge's serializer of an event: the body is the API's wire format.
 */
export async function batchQueuedEvents(
  tx: Queryable,
  ctx: Pick<DomainContext, 'ids' | 'clock'>,
  endpointId: string,
  claim: { token: string; leaseExpiresAt: Date },
  wire: EventWire,
): Promise<Claimed | undefined> {
  const ids = await takeQueuedEvents(tx, endpointId, MAX_EVENTS_PER_WEBHOOK);
  if (!ids.length) return undefined;
  const endpoint = await findEnabledEndpoint(tx, endpointId);
  if (!endpoint) return undefined;
  const events = await listEventsByIds(tx, endpoint.organisation_id, ids);
  const delivery = await insertDelivery(tx, ctx, { endpoint, events: events.map(wire.event), claim });
  await assignQueuedEvents(tx, delivery.id, endpointId, ids);
  return { delivery, secret: endpoint.secret, token: claim.token };
}

/**
 * Deliveries (the public API's `webhooks`): use cases taking the caller's unit of work (`tx`) first.
 * `wire.event` shows an event as the API does (the edge's serializer, passed in so the domain
 * never imports the API's wire format).
 */
export function createWebhookDeliveryService(ctx: DomainContext, wire: EventWire) {
  return {
    get: (db: Queryable, actor: Actor, id: string) => findDelivery(db, actor.organisationId, id),

    list: (db: Queryable, actor: Actor, filters: WebhookFilters, page: PageRequest): Promise<Page<WebhookRow>> =>
      listDeliveries(db, actor.organisationId, filters, page),

    /** One endpoint's deliveries, newest first (another organisation's endpoint lists nothing). */
    listForEndpoint: (
      db: Queryable,
      actor: Actor,
      endpointId: string,
      filters: { status?: WebhookDeliveryStatus },
      page: PageRequest,
    ): Promise<Page<DeliveryLine>> => listEndpointDeliveries(db, actor.organisationId, endpointId, filters, page),

    /**
     * A delivery's attempts, newest first (another organisation's has none): at most
     * `ATTEMPTS_SHOWN`, which the retry schedule (30 s doubling to 6 h, for 72 h: about 20) does not reach.
     */
    attempts: (db: Queryable, actor: Actor, id: string): Promise<WebhookAttemptRow[]> =>
      listAttemptsOf(db, actor.organisationId, id, ATTEMPTS_SHOWN),

    /**
     * Sends a delivery's events again, as a new delivery (new id, new idempotency key) to the
     * endpoint's current URL; the original keeps its own history. The worker sends it shortly.
     * Refused (`retry_failed`) while the endpoint is disabled, as nothing would send the retry,
     * and before the delivery's first attempt, which is itself on its way (decision 0049).
     */
    async retry(tx: Queryable, actor: Actor, id: string): Promise<WebhookRow> {
      const original = await findDelivery(tx, actor.organisationId, id);
      const endpoint = await findEndpoint(tx, { organisationId: actor.organisationId }, original.endpoint_id);
      if (!endpoint.enabled)
        throw invalidState('retry_failed', {
          messageKey: 'reason.webhook_endpoint_disabled',
          links: { webhook_endpoint: endpoint.id },
        });
      if (original.status === 'pending')
        throw invalidState('retry_failed', { messageKey: 'reason.webhook_not_attempted' });
      const events = (JSON.parse(original.request_body) as { events: unknown[] }).events;
      return insertDelivery(tx, ctx, { endpoint, events, isTest: original.is_test, retryOf: original.id });
    },

    /**
     * A test delivery (`is_test`) with one made-up event, so a merchant can check their receiver
     * and its signature check before real events flow. The event is not recorded as an event.
     */
    async sendTest(tx: Queryable, scope: EndpointScope, endpointId: string): Promise<WebhookRow> {
      const endpoint = await findEndpoint(tx, scope, endpointId);
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
        customer_notifications: null,
        source: null,
        request_id: null,
      };
      return insertDelivery(tx, ctx, { endpoint, events: [wire.event(event)], isTest: true });
    },
  };
}
