import { z } from 'zod';
import { defineRoute, ok } from '../route';
import { wireInteger } from '../schemas';
import { fundsAvailabilityWire } from '../wire/funds-availability';

export const fundsAvailabilityRoutes = [
  defineRoute({
    tag: 'Funds availability',
    resourceKey: 'funds_availability',
    response: fundsAvailabilityWire,
    method: 'GET',
    path: '/funds_availability/:id',
    operationId: 'checkFundsAvailability',
    summary: "Check whether a mandate's account can take an amount (sandbox: the simulated bank answers)",
    kind: 'read',
    status: 200,
    query: z.strictObject({
      amount: wireInteger(1, 999_999_999_999),
    }),
    async handler({ services, tx, actor, params, query }) {
      const answer = await services.fundsAvailability.check(tx, actor, params.id, query.amount);
      return ok('funds_availability', { available: answer.available });
    },
  }),
];
