import { z } from 'zod';
import { serializeWebhook } from '../../domain/webhooks/serialize';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { defineRoute, listResult, ok } from '../route';
import { booleanQuery } from '../schemas';

const webhookWire = z.object({
  id: z.string(),
  created_at: z.string(),
  url: z.string(),
  is_test: z.boolean(),
  successful: z.boolean(),
  request_body: z.string(),
  request_headers: z.record(z.string(), z.string()),
  response_code: z.number().optional(),
  response_body: z.string().optional(),
  response_body_truncated: z.boolean(),
  response_headers: z.record(z.string(), z.string()).optional(),
  response_headers_content_truncated: z.boolean(),
  response_headers_count_truncated: z.boolean(),
});

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
    list: true,
    query: listQuery,
    async handler({ services, actor, query }) {
      const page = await services.webhooks.list(
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
    async handler({ services, actor, params }) {
      return ok('webhooks', serializeWebhook(await services.webhooks.get(actor, params.id!)));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/webhooks/:id/actions/retry',
    operationId: 'retryWebhook',
    summary: 'Send a delivery again, as a new delivery (answered with it; it goes out within a second)',
    kind: 'action',
    bodyKeys: ['webhooks'],
    async handler({ services, actor, params }) {
      return ok('webhooks', serializeWebhook(await services.webhooks.retry(actor, params.id!)));
    },
  }),
];
