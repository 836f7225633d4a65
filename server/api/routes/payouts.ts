import { z } from 'zod';
import { payoutItemWire, payoutWire, serializePayout, serializePayoutItem } from '../wire/payouts';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { defineRoute, listResult, ok } from '../route';
import { currency, metadata } from '../schemas';

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  creditor: z.string().max(64).optional(),
  creditor_bank_account: z.string().max(64).optional(),
  currency: currency.optional(),
  metadata: z.record(z.string().max(50), z.string().max(500)).optional(),
  payout_type: z.enum(['merchant', 'partner']).optional(),
  reference: z.string().max(140).optional(),
  status: z.enum(['pending', 'paid', 'bounced']).optional(),
});

const itemsQuery = z.strictObject({
  ...cursorQuery,
  payout: z.string().min(1).max(64),
  include_2020_tax_cutover: z.enum(['true', 'false']).optional(),
});

const common = { tag: 'Payouts', resourceKey: 'payouts', response: payoutWire } as const;

export const payoutRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/payouts',
    operationId: 'listPayouts',
    summary: 'List payouts',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.payouts.list(
        tx,
        actor,
        {
          createdAt: query.created_at,
          creditor: query.creditor,
          creditorBankAccount: query.creditor_bank_account,
          currency: query.currency,
          metadata: query.metadata,
          payoutType: query.payout_type,
          reference: query.reference,
          status: query.status,
        },
        pageOf(query),
      );
      return listResult('payouts', page, serializePayout);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/payouts/:id',
    operationId: 'getPayout',
    summary: 'Get a payout',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('payouts', serializePayout(await services.payouts.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/payouts/:id',
    operationId: 'updatePayout',
    summary: 'Update a payout (metadata only)',
    kind: 'update',
    status: 200,
    body: z.strictObject({ metadata: metadata.unwrap() }),
    async handler({ services, tx, actor, params, body }) {
      return ok('payouts', serializePayout(await services.payouts.updateMetadata(tx, actor, params.id, body.metadata)));
    },
  }),
  defineRoute({
    tag: 'Payouts',
    resourceKey: 'payout_items',
    response: payoutItemWire,
    method: 'GET',
    path: '/payout_items',
    operationId: 'listPayoutItems',
    summary: "List a payout's items (they add up to its amount)",
    kind: 'list',
    status: 200,
    query: itemsQuery,
    async handler({ services, tx, actor, query }) {
      const { items, taxes, after } = await services.payouts.items(tx, actor, query.payout, pageOf(query));
      return listResult('payout_items', { items, cursors: { before: null, after }, limit: query.limit }, (item) =>
        serializePayoutItem(item, taxes.get(item.id)),
      );
    },
  }),
];
