import { serializeEvent } from '../../api/wire/events';
import { serializeMandate } from '../../api/wire/mandates';
import { serializePayment } from '../../api/wire/payments';
import { serializePayout } from '../../api/wire/payouts';
import { serializeRefund } from '../../api/wire/refunds';
import { serializeSubscription } from '../../api/wire/subscriptions';
import type { Queryable } from '../../db/db';
import type { EventResourceType } from '../../domain/events/types';
import type { Actor } from '../../domain/shared/actor';
import { actorOf, loadEach, rangeOf, type SourceContext, type TypeSource } from './source';

/** What an event row starts with: the event's own fields, as `events_index` has them. */
const EVENT_COLUMNS = [
  'id',
  'created_at',
  'action',
  'details.origin',
  'details.cause',
  'details.description',
  'details.scheme',
  'details.reason_code',
] as const;

interface ResourceEvents {
  resourceType: EventResourceType;
  /** The key the event links the resource by, and the column prefix of its fields. */
  key: 'payment' | 'subscription' | 'payout' | 'refund' | 'mandate';
  /** The resource's key fields, as dotted paths into its wire object. */
  fields: readonly string[];
  load(db: Queryable, actor: Actor, id: string): Promise<Record<string, unknown>>;
  /** Money resources keep to the export's currency, as the `*_index` types do. */
  currency?: boolean;
}

/**
 * `payment_events`, `subscription_events`, `payout_events`, `refund_events`, `mandate_events`
 * (decision 0040): the events of one resource type created in the range, newest first through the
 * events list's own cursor, each with its resource's key fields (read once per page through the
 * resource's own service and wire serializer, so another organisation's resource is never read).
 */
export function resourceEventSources({ services, now, pageSize }: SourceContext) {
  const kinds = {
    payment_events: {
      resourceType: 'payments',
      key: 'payment',
      fields: ['amount', 'currency', 'status', 'charge_date', 'reference', 'description', 'links.mandate'],
      load: async (db, actor, id) => serializePayment(await services.payments.get(db, actor, id)),
      currency: true,
    },
    subscription_events: {
      resourceType: 'subscriptions',
      key: 'subscription',
      fields: ['amount', 'currency', 'status', 'name', 'interval_unit', 'interval', 'start_date', 'links.mandate'],
      load: async (db, actor, id) => serializeSubscription(await services.subscriptions.get(db, actor, id), now()),
      currency: true,
    },
    payout_events: {
      resourceType: 'payouts',
      key: 'payout',
      fields: ['amount', 'currency', 'deducted_fees', 'status', 'reference', 'arrival_date'],
      load: async (db, actor, id) => serializePayout(await services.payouts.get(db, actor, id)),
      currency: true,
    },
    refund_events: {
      resourceType: 'refunds',
      key: 'refund',
      fields: ['amount', 'currency', 'status', 'reference', 'links.payment'],
      load: async (db, actor, id) => serializeRefund(await services.refunds.get(db, actor, id)),
      currency: true,
    },
    mandate_events: {
      resourceType: 'mandates',
      key: 'mandate',
      fields: ['status', 'scheme', 'reference', 'links.customer', 'links.customer_bank_account'],
      load: async (db, actor, id) => serializeMandate(await services.mandates.get(db, actor, id), now()),
    },
  } satisfies Record<string, ResourceEvents>;

  const sourceOf = (kind: ResourceEvents): TypeSource => ({
    columns: [...EVENT_COLUMNS, `${kind.key}.id`, ...kind.fields.map((field) => `${kind.key}.${field}`)],
    async page(db, row, after) {
      const actor = actorOf(row);
      const page = await services.events.list(
        db,
        actor,
        { resourceType: kind.resourceType, createdAt: rangeOf(row) },
        { after: after ?? undefined, limit: pageSize },
      );
      const events = page.items.map(serializeEvent);
      const resources = await loadEach(
        events.map((event) => (event.links as Record<string, string | undefined>)[kind.key]),
        (id) => kind.load(db, actor, id),
      );
      const rows = events.flatMap((event) => {
        const resource = resources.get((event.links as Record<string, string>)[kind.key] ?? '');
        if (kind.currency && resource && resource.currency !== row.currency) return [];
        return [{ ...event, [kind.key]: resource }];
      });
      return { rows, last: page.items.at(-1)?.id ?? null, done: page.cursors.after === null };
    },
  });

  return Object.fromEntries(Object.entries(kinds).map(([type, kind]) => [type, sourceOf(kind)])) as Record<
    keyof typeof kinds,
    TypeSource
  >;
}
