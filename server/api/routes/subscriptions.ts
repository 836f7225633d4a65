import { z } from 'zod';
import { serializeSubscription, subscriptionWire } from '../wire/subscriptions';
import { SUBSCRIPTION_NAME_MAX, SUBSCRIPTION_STATUSES, type SubscriptionRow } from '../../domain/subscriptions/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { amount, commaList, currency, isoDate, metadata, metadataOnly, optionalString, wireInteger } from '../schemas';
import { MONTHS } from '../../domain/billing-requests/codes';
import { INTERVAL_UNITS } from '../../domain/subscriptions/types';

/** The public API's create parameters; the rules between them are the domain's (subscriptions/rules.ts). */
const createBody = z
  .strictObject({
    amount,
    currency,
    app_fee: wireInteger(0).nullish(),
    count: wireInteger(1, 10_000).nullish(),
    day_of_month: wireInteger(-1, 28)
      .refine((d) => d !== 0, 'invalid')
      .nullish(),
    end_date: isoDate.nullish(),
    interval: wireInteger(1).nullish(),
    interval_unit: z.enum(INTERVAL_UNITS),
    metadata,
    month: z.enum(MONTHS).nullish(),
    name: optionalString(SUBSCRIPTION_NAME_MAX),
    payment_reference: optionalString(140),
    retry_if_possible: z.boolean().nullish(),
    start_date: isoDate.nullish(),
    links: z.strictObject({ mandate: z.string().min(1).max(100) }),
  })
  .transform(({ links, ...s }) => ({
    mandate: links.mandate,
    subscription: {
      ...s,
      interval: s.interval ?? 1,
      metadata: s.metadata ?? {},
      retry_if_possible: s.retry_if_possible ?? false,
    },
  }));

/** Public API pause: `pause_cycles` skips that many charges, then the subscription resumes by itself. */
const pauseBody = z.strictObject({ metadata, pause_cycles: wireInteger(1, 1000).nullish() });

const updateBody = z.strictObject({
  amount: amount.nullish(),
  app_fee: wireInteger(0).nullish(),
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

/** Subscriptions, created here on an existing mandate or by fulfilling a billing request's subscription_request. */
export const subscriptionRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/subscriptions',
    operationId: 'createSubscription',
    summary: 'Create a subscription under a mandate',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const subscription = await services.subscriptions.createOnMandate(tx, actor, body.mandate, body.subscription, {
        idempotencyKey,
      });
      return created(
        'subscriptions',
        serializeSubscription(subscription, services.clock.now()),
        `${config.publicUrl}/subscriptions/${subscription.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/subscriptions',
    operationId: 'listSubscriptions',
    summary: 'List subscriptions',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.subscriptions.list(
        tx,
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
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok(
        'subscriptions',
        serializeSubscription(await services.subscriptions.get(tx, actor, params.id), services.clock.now()),
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
    status: 200,
    body: updateBody,
    async handler({ services, tx, actor, params, body }) {
      const subscription = await services.subscriptions.update(tx, actor, params.id, body);
      return ok('subscriptions', serializeSubscription(subscription, services.clock.now()));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/subscriptions/:id/actions/pause',
    operationId: 'pauseSubscription',
    summary: 'Pause a subscription, for pause_cycles charges or until resumed',
    kind: 'action',
    status: 200,
    bodyKeys: ['subscriptions'],
    body: pauseBody,
    async handler({ services, tx, actor, params, body }) {
      const subscription = await services.subscriptions.pause(tx, actor, params.id, {
        pauseCycles: body.pause_cycles,
        metadata: body.metadata,
      });
      return ok('subscriptions', serializeSubscription(subscription, services.clock.now()));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/subscriptions/:id/actions/resume',
    operationId: 'resumeSubscription',
    summary: 'Resume a paused subscription',
    kind: 'action',
    status: 200,
    bodyKeys: ['subscriptions'],
    body: metadataOnly,
    async handler({ services, tx, actor, params, body }) {
      const subscription = await services.subscriptions.resume(tx, actor, params.id, body.metadata);
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
    status: 200,
    bodyKeys: ['subscriptions'],
    body: metadataOnly,
    async handler({ services, tx, actor, params, body }) {
      const subscription = await services.subscriptions.cancel(tx, actor, params.id, body.metadata);
      return ok('subscriptions', serializeSubscription(subscription, services.clock.now()));
    },
  }),
];
