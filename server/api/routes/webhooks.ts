import { z } from 'zod';
import { serializeWebhook, webhookWire } from '../wire/webhooks';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { defineRoute, listResult, ok } from '../route';
import { booleanQuery } from '../schemas';

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  is_test: booleanQuery.optional(),
  successful: booleanQuery.optional(),
});

const common = { tag: 'Webhooks', resourceKey: 'webhooks', response: webhookWire } as const;

/** Deliveries of events to the organisation's endpoints (endpoints themselves are managed with the CLI). */
export const webhookRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhook deliveries',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.webhooks.list(
        tx,
        actor,
        { createdAt: query.created_at, isTest: query.is_test, successful: query.successful },
        pageOf(query),
      );
      return listResult('webhooks', page, serializeWebhook);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/webhooks/:id',
    operationId: 'getWebhook',
    summary: 'Get a webhook delivery',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('webhooks', serializeWebhook(await services.webhooks.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/webhooks/:id/actions/retry',
    operationId: 'retryWebhook',
    summary: 'Send a delivery again, as a new delivery (answered with it; it goes out within a second)',
    kind: 'action',
    status: 200,
    bodyKeys: ['webhooks'],
    async handler({ services, tx, actor, params }) {
      return ok('webhooks', serializeWebhook(await services.webhooks.retry(tx, actor, params.id)));
    },
  }),
];
