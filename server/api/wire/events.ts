import { z } from 'zod';
import {
  EVENT_RESOURCE_TYPES,
  EXTENSION_EVENT_RESOURCE_TYPES,
  type EventDetails,
  type EventRow,
} from '../../domain/events/types';
import { CUSTOMER_NOTIFICATION_TYPES } from '../../domain/notifications/types';
import { linkWire, metadataWire, present, timestamp } from './present';

/**
 * Public API event `links` (§4), plus the extensions `block`, `mandate_import`,
 * `outbound_payment_import` and `export` (decision 0095): each only on its own resource type's events.
 */
const EVENT_LINKS = [
  'bank_authorisation',
  'billing_request',
  'billing_request_flow',
  'block',
  'creditor',
  'customer',
  'customer_bank_account',
  'export',
  'instalment_schedule',
  'mandate',
  'mandate_import',
  'mandate_request',
  'mandate_request_mandate',
  'new_customer_bank_account',
  'new_mandate',
  'organisation',
  'outbound_payment',
  'outbound_payment_import',
  'parent_event',
  'payer_authorisation',
  'payment',
  'payment_account_transaction',
  'payment_request_payment',
  'payout',
  'previous_customer_bank_account',
  'refund',
  'scheme_identifier',
  'subscription',
] as const;

/** The link keys the public API's events do not have, each naming the resource of its own events. */
const EXTENSION_LINKS: Partial<Record<(typeof EVENT_LINKS)[number], string>> = {
  block: 'blocks',
  mandate_import: 'mandate_imports',
  outbound_payment_import: 'outbound_payment_imports',
  export: 'exports',
};

const linkOf = (key: (typeof EVENT_LINKS)[number]) => {
  const own = EXTENSION_LINKS[key];
  return own
    ? linkWire.optional().meta({
        description: `A bankflow extension: the ${key.replace(/_/g, ' ')} a \`${own}\` event is about; only on those events.`,
        'x-bankflow-extension': true,
      })
    : linkWire.optional();
};

const eventDetailsWire = z.strictObject({
  origin: z.enum(['bank', 'api', 'gocardless', 'customer', 'payer']),
  cause: z.string(),
  description: z.string(),
  scheme: z.string().optional(),
  reason_code: z.string().optional(),
  property: z.string().optional(),
  not_retried_reason: z.string().optional(),
  will_attempt_retry: z.boolean().optional(),
  currency: z.string().optional(),
  bank_account_id: z.string().optional(),
  item_count: z.number().int().optional(),
});

/** A notice the merchant took over, as the event names it (public API `customer_notifications[]`). */
const customerNotificationRefWire = z.strictObject({
  id: z.string(),
  type: z.enum(CUSTOMER_NOTIFICATION_TYPES),
  deadline: z.string(),
  mandatory: z.boolean(),
});

/**
 * An event on the wire (public API `events`), also the shape of each event in a webhook body: every
 * attribute, `null` when unset; `links` and `details` are sparse (only what applies to the event).
 */
export const eventWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  resource_type: z.enum(EVENT_RESOURCE_TYPES).meta({
    description:
      'The kind of resource the event is about. `blocks`, `mandate_imports` and `outbound_payment_imports` ' +
      'are bankflow extensions (the public API records no events of them): a client may ignore those events, ' +
      'the resource itself carries the state they report.',
    'x-bankflow-extension-values': [...EXTENSION_EVENT_RESOURCE_TYPES],
  }),
  action: z.string(),
  links: z.strictObject(Object.fromEntries(EVENT_LINKS.map((key) => [key, linkOf(key)])) as LinkShape),
  details: eventDetailsWire,
  metadata: metadataWire,
  /** The resource's metadata when the event was recorded, `{}` when it had none. */
  resource_metadata: metadataWire,
  source: z
    .strictObject({
      type: z.enum([
        'app',
        'user',
        'gc_team',
        'access_token',
        'billing_request',
        'billing_request_flow',
        'dropin',
        'hosted_payment_page',
      ]),
      name: z.string().nullable(),
    })
    .nullable(),
  // Only on an event that caused a notice the merchant took over (decision 0038), else null.
  customer_notifications: z.array(customerNotificationRefWire).nullable(),
});

type LinkShape = { [K in (typeof EVENT_LINKS)[number]]: z.ZodOptional<typeof linkWire> };
type EventWire = z.output<typeof eventWire>;

/** Only the documented links are sent; others a service noted (`customer_billing_detail`) stay in the database. */
function linksOf(links: Record<string, string>): EventWire['links'] {
  return Object.fromEntries(EVENT_LINKS.filter((key) => links[key] !== undefined).map((key) => [key, links[key]]));
}

/** Only the documented details are sent; anything else a service noted stays in the database. */
function detailsOf(details: EventDetails): EventWire['details'] {
  return present({
    origin: details.origin,
    cause: details.cause,
    description: details.description,
    scheme: details.scheme,
    reason_code: details.reason_code,
    property: details.property,
    not_retried_reason: details.not_retried_reason,
    will_attempt_retry: details.will_attempt_retry,
    currency: details.currency,
    bank_account_id: details.bank_account_id,
    item_count: details.item_count,
  });
}

export function serializeEvent(row: EventRow): EventWire {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    resource_type: row.resource_type as EventWire['resource_type'],
    action: row.action,
    links: linksOf(row.links),
    details: detailsOf(row.details as EventDetails),
    metadata: row.metadata ?? {},
    resource_metadata: row.resource_metadata ?? {},
    source: row.source ? { type: row.source.type, name: row.source.name ?? null } : null,
    customer_notifications: row.customer_notifications?.length
      ? row.customer_notifications.map((n) => ({
          id: n.id,
          type: n.type,
          deadline: timestamp(n.deadline),
          mandatory: n.mandatory,
        }))
      : null,
  };
}

/** The body of a webhook delivery: `{"events": [Event, …], "meta": {"webhook_id": "WB…"}}` (public API §6). */
export const webhookPayloadWire = z.strictObject({
  events: z.array(eventWire),
  meta: z.strictObject({ webhook_id: z.string() }),
});
