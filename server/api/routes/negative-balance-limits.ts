import { z } from 'zod';
import { negativeBalanceLimitWire, serializeNegativeBalanceLimit } from '../wire/negative-balance-limits';
import { cursorQuery, pageOf } from '../pagination';
import { defineRoute, listResult } from '../route';
import { currency } from '../schemas';

/** Read-only for merchants: the operator sets a limit with the CLI (`limits set`). */
export const negativeBalanceLimitRoutes = [
  defineRoute({
    tag: 'Negative balance limits',
    resourceKey: 'negative_balance_limits',
    response: negativeBalanceLimitWire,
    method: 'GET',
    path: '/negative_balance_limits',
    operationId: 'listNegativeBalanceLimits',
    summary: 'List the negative balance limits set for your creditors (none set: the limit is 0)',
    kind: 'list',
    status: 200,
    query: z.strictObject({
      ...cursorQuery,
      creditor: z.string().min(1).max(100).optional(),
      currency: currency.optional(),
    }),
    async handler({ services, tx, actor, query }) {
      const page = await services.negativeBalanceLimits.list(
        tx,
        actor,
        { creditor: query.creditor, currency: query.currency },
        pageOf(query),
      );
      return listResult('negative_balance_limits', page, serializeNegativeBalanceLimit);
    },
  }),
];
