import { serializeCustomer } from '../../api/wire/customers';
import { serializeEvent } from '../../api/wire/events';
import { EXPORT_COLUMNS } from '../../api/wire/export-csv';
import { serializePayment } from '../../api/wire/payments';
import { serializePayout } from '../../api/wire/payouts';
import { serializeRefund } from '../../api/wire/refunds';
import { serializeSubscription } from '../../api/wire/subscriptions';
import type { Queryable } from '../../db/db';
import type { IndexExportType } from '../../domain/exports/types';
import type { Actor } from '../../domain/shared/actor';
import type { Page, PageRequest, TimeRange } from '../../domain/shared/pagination';
import { actorOf, rangeOf, type SourceContext, type TypeSource } from './source';

type Lister = (db: Queryable, actor: Actor, range: TimeRange, page: PageRequest) => Promise<Page<any>>;

/**
 * The `*_index` types (decision 0037): through the resource's own list (its cursor on its
 * `(organisation_id, id)` index, newest first) and its own wire serializer, so a CSV row says what
 * the API says. Exports are of one currency: rows of another are left out.
 */
export function indexSources({ services, now, pageSize }: SourceContext): Record<IndexExportType, TypeSource> {
  const listers: Record<IndexExportType, { list: Lister; wire: (row: any) => unknown; currency?: boolean }> = {
    payments_index: {
      list: (db, actor, createdAt, page) => services.payments.list(db, actor, { createdAt }, page),
      wire: serializePayment,
      currency: true,
    },
    refunds_index: {
      list: (db, actor, createdAt, page) => services.refunds.list(db, actor, { createdAt }, page),
      wire: serializeRefund,
      currency: true,
    },
    payouts_index: {
      list: (db, actor, createdAt, page) => services.payouts.list(db, actor, { createdAt }, page),
      wire: serializePayout,
      currency: true,
    },
    customers_index: {
      list: (db, actor, createdAt, page) => services.customers.list(db, actor, { createdAt }, page),
      wire: serializeCustomer,
    },
    subscriptions_index: {
      list: (db, actor, createdAt, page) => services.subscriptions.list(db, actor, { createdAt }, page),
      wire: (row) => serializeSubscription(row, now()),
      currency: true,
    },
    events_index: {
      list: (db, actor, createdAt, page) => services.events.list(db, actor, { createdAt }, page),
      wire: serializeEvent,
    },
  };

  const sourceOf = (type: IndexExportType): TypeSource => ({
    columns: EXPORT_COLUMNS[type],
    async page(db, row, after) {
      const source = listers[type];
      const page = await source.list(db, actorOf(row), rangeOf(row), { after: after ?? undefined, limit: pageSize });
      const kept = source.currency ? page.items.filter((item) => item.currency === row.currency) : page.items;
      return {
        rows: kept.map((item) => source.wire(item)),
        last: page.items.at(-1)?.id ?? null,
        done: page.cursors.after === null,
      };
    },
  });

  return Object.fromEntries(Object.keys(listers).map((type) => [type, sourceOf(type as IndexExportType)])) as Record<
    IndexExportType,
    TypeSource
  >;
}
