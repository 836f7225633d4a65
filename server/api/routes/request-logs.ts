import { z } from 'zod';
import { requestLogWire, serializeRequestLog } from '../wire/request-logs';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { wireInteger } from '../schemas';
import { defineRoute, listResult, ok } from '../route';

const listQuery = z.strictObject({
  ...cursorQuery,
  status: wireInteger(100, 599).optional(),
  method: z.enum(['GET', 'POST', 'PUT', 'DELETE']).optional(),
  path: z.string().min(1).max(2000).optional(),
  resource: z.string().min(1).max(100).optional().describe('An id in the path or the answer'),
  request_id: z.string().min(1).max(200).optional(),
  created_at: timeRangeQuery.optional(),
});

const common = {
  tag: 'Request logs',
  resourceKey: 'request_logs',
  response: requestLogWire,
  extension: true,
  // Reading the logs is not itself logged: a poll would otherwise keep the logs it read.
  unlogged: true,
} as const;

/**
 * The organisation's API requests of the last REQUEST_LOG_DAYS, a bankflow extension (decision
 * 0086), newest first. Polling for new ones: `before=<the newest id seen>` or `created_at[gt]=`.
 */
export const requestLogRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/request_logs',
    operationId: 'listRequestLogs',
    summary: 'List the API requests of your organisation, bodies masked (a bankflow extension)',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.requestLogs.list(
        tx,
        actor,
        {
          status: query.status,
          method: query.method,
          path: query.path,
          resource: query.resource,
          requestId: query.request_id,
          createdAt: query.created_at,
        },
        pageOf(query),
      );
      return listResult('request_logs', page, serializeRequestLog);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/request_logs/:id',
    operationId: 'getRequestLog',
    summary: 'Get one API request of your organisation, with the events and webhooks it caused (a bankflow extension)',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('request_logs', serializeRequestLog(await services.requestLogs.get(tx, actor, params.id)));
    },
  }),
];
