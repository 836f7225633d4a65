import type { RowOf } from '../shared/table';
import type { eventsTable } from './queries';

/**
 * Resource types an event can be about (the public API's enum, plus `blocks`, `mandate_imports` and
 * `outbound_payment_imports`, whose moves we also record: the spec's webhook that an import's
 * processing has begun; an outbound import's validation, authorisation and processing). Those three
 * are documented extensions (decision 0095): a client ignoring their events loses nothing, since the
 * resource itself carries the state they report.
 */
export const EVENT_RESOURCE_TYPES = [
  'billing_requests',
  'blocks',
  'creditors',
  'customers',
  'exports',
  'instalment_schedules',
  'mandate_imports',
  'mandates',
  'organisations',
  'outbound_payment_imports',
  'outbound_payments',
  'payer_authorisations',
  'payments',
  'payment_account_transactions',
  'payouts',
  'refunds',
  'scheme_identifiers',
  'subscriptions',
] as const;
export type EventResourceType = (typeof EVENT_RESOURCE_TYPES)[number];

/** The values of `EVENT_RESOURCE_TYPES` the public API does not have (decision 0095). */
export const EXTENSION_EVENT_RESOURCE_TYPES = ['blocks', 'mandate_imports', 'outbound_payment_imports'] as const;

/** Link keys the events list can filter by (one id filter at a time). */
export const EVENT_LINK_FILTERS = [
  'billing_request',
  'block',
  'creditor',
  'customer',
  'export',
  'instalment_schedule',
  'mandate',
  'outbound_payment',
  'parent_event',
  'payer_authorisation',
  'payment',
  'payment_account_transaction',
  'payout',
  'refund',
  'scheme_identifier',
  'subscription',
] as const;
export type EventLinkFilter = (typeof EVENT_LINK_FILTERS)[number];

export type EventOrigin = 'bank' | 'api' | 'gocardless' | 'customer' | 'payer';

/** `details` of an event, as the public API's record has them (§4); only what applies is set. */
export interface EventDetails {
  origin: EventOrigin;
  cause: string;
  description: string;
  /** Set for changes of scheme-bound resources (mandates, payments…), and when a bank reports. */
  scheme?: string;
  /** The bank's reason code when the bank is the origin (e.g. `AM04`, `ADDACS-B`). */
  reason_code?: string;
  /** Which field changed, for `updated` events. */
  property?: string;
  not_retried_reason?: string;
  will_attempt_retry?: boolean;
  currency?: string;
  bank_account_id?: string;
  item_count?: number;
  [key: string]: unknown;
}

/** What `include` on the events list can ask for (singular; answered under `linked`, plural). */
export const EVENT_INCLUDES = [
  'billing_request',
  'creditor',
  'customer',
  'instalment_schedule',
  'mandate',
  'outbound_payment',
  'payer_authorisation',
  'payment',
  'payment_account_transaction',
  'payout',
  'refund',
  'scheme_identifier',
  'subscription',
] as const;
export type EventInclude = (typeof EVENT_INCLUDES)[number];

export interface EventSource {
  type:
    | 'access_token'
    | 'billing_request'
    | 'billing_request_flow'
    | 'dropin'
    | 'hosted_payment_page'
    | 'gc_team'
    | 'app'
    | 'user';
  name?: string;
  /**
   * The API request acting (its X-Request-Id): stored in `events.request_id`, not in `source`,
   * and not on the event's wire; the request log lists the events of its request (decision 0086).
   */
  request_id?: string;
}

export interface NewEvent {
  organisationId: string;
  resourceType: EventResourceType;
  action: string;
  links: Record<string, string>;
  details: EventDetails;
  metadata?: Record<string, string>;
  resourceMetadata?: Record<string, string> | null;
  source?: EventSource;
  /** The event that caused this one (a mandate's cancellation cancelling its payments): `links.parent_event`. */
  parentEvent?: string;
}

/** A row of `events` as stored: its table's declaration. */
export type EventRow = RowOf<typeof eventsTable>;
