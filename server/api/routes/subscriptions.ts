import { z } from 'zod';
import { serializeSubscription } from '../../domain/subscriptions/serialize';
import {
  INTERVAL_UNITS,
  SUBSCRIPTION_NAME_MAX,
  SUBSCRIPTION_STATUSES,
  type SubscriptionRow,
} from '../../domain/subscriptions/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { defineRoute, listResult, ok } from '../route';
import { amount, commaList, metadata, metadataOnly, optionalString } from '../schemas';

const subscriptionWire = z.object({
  id: z.string(),
  created_at: z.string(),
  amount: z.number().int(),
  app_fee: z.number().int().optional(),
  count: z.number().int().optional(),
  currency: z.string(),
  day_of_month: z.number().int().optional(),
  interval: z.number().int(),
  interval_unit: z.enum(INTERVAL_UNITS),
  month: z.string().optional(),
  name: z.string().optional(),
  payment_reference: z.string().optional(),
  retry_if_possible: z.boolean(),
  start_date: z.string(),
  end_date: z.string().optional(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  metadata: z.record(z.string(), z.string()),
  upcoming_payments: z.array(z.object({ charge_date: z.string(), amount: z.number().int() })),
  links: z.object({ mandate: z.string() }),
});

const updateBody = z.strictObject({
  amount: amount.nullish(),
  app_fee: z.number().int().min(0).nullish(),
  metadata,
  name: optionalString(SUBSCRIPTION_NAME_MAX),
  payment_reference: optionalString(140),
  retry_if_possible: z.boolean().nullish(),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  customer: z.string().optional(),
  mandate: z.string().optional(),
  status: commaList(SUBSCRIPTION_STATUSES).optional(),
});

const common = { tag: 'Subscriptions', resourceKey: 'subscriptions', response: subscriptionWire } as const;

/** Subscriptions are created by fulfilling a billing request with a subscription_request. */
export const subscriptionRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/subscriptions',
    operationId: 'listSubscriptions',
    summary: 'List subscriptions',
    kind: 'list',
    list: true,
    query: listQuery,
    async handler({ services, actor, query }) {
      const page = await services.subscriptions.list(
        actor,
        { createdAt: query.created_at, customer: query.customer, mandate: query.mandate, statuses: query.status },
        pageOf(query),
      );
      const now = services.clock.now();
      return listResult('subscriptions', page, (row: SubscriptionRow) => serializeSubscription(row, now));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/subscriptions/:id',
    operationId: 'getSubscription',
    summary: 'Get a subscription',
    kind: 'read',
    async handler({ services, actor, params }) {
      return ok(
        'subscriptions',
        serializeSubscription(await services.subscriptions.get(actor, params.id!), services.clock.now()),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/subscriptions/:id',
    operationId: 'updateSubscription',
    summary: 'Update a subscription (amount, app_fee, metadata, name, payment_reference, retry_if_possible)',
    kind: 'update',
    body: updateBody,
    async handler({ services, actor, params, body }) {
      const subscription = await services.subscriptions.update(actor, params.id!, body);
      return ok('subscriptions', serializeSubscription(subscription, services.clock.now()));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/subscriptions/:id/actions/cancel',
    operationId: 'cancelSubscription',
    summary: 'Cancel a subscription and its pending payments',
    kind: 'action',
    bodyKeys: ['subscriptions'],
    body: metadataOnly,
    async handler({ services, actor, params, body }) {
      const subscription = await services.subscriptions.cancel(actor, params.id!, body.metadata);
      return ok('subscriptions', serializeSubscription(subscription, services.clock.now()));
    },
  }),
];
