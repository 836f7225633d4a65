import { z } from 'zod';
import { refundWire, serializeRefund } from '../wire/refunds';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { amount, metadata, optionalString, wireInteger } from '../schemas';

const createBody = z.strictObject({
  amount,
  total_amount_confirmation: wireInteger(0).nullish(),
  reference: optionalString(140),
  metadata,
  // Refunds against a mandate alone are not offered: a refund names its payment.
  links: z.strictObject({ payment: z.string().min(1).max(100), mandate: z.string().max(100).nullish() }),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  payment: z.string().min(1).max(100).optional(),
  mandate: z.string().min(1).max(100).optional(),
  refund_type: z.enum(['payment', 'mandate']).optional(),
});

const common = { tag: 'Refunds', resourceKey: 'refunds', response: refundWire } as const;

export const refundRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/refunds',
    operationId: 'createRefund',
    summary: 'Refund a confirmed or paid-out payment, in full or in part',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const refund = await services.refunds.create(
        tx,
        actor,
        body.links,
        {
          amount: body.amount,
          totalAmountConfirmation: body.total_amount_confirmation,
          reference: body.reference,
          metadata: body.metadata,
        },
        { idempotencyKey },
      );
      return created('refunds', serializeRefund(refund), `${config.publicUrl}/refunds/${refund.id}`);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/refunds',
    operationId: 'listRefunds',
    summary: 'List refunds',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.refunds.list(
        tx,
        actor,
        { createdAt: query.created_at, payment: query.payment, mandate: query.mandate, refundType: query.refund_type },
        pageOf(query),
      );
      return listResult('refunds', page, serializeRefund);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/refunds/:id',
    operationId: 'getRefund',
    summary: 'Get a refund',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('refunds', serializeRefund(await services.refunds.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/refunds/:id',
    operationId: 'updateRefund',
    summary: 'Update a refund (metadata)',
    kind: 'update',
    status: 200,
    body: z.strictObject({ metadata }),
    async handler({ services, tx, actor, params, body }) {
      return ok('refunds', serializeRefund(await services.refunds.updateMetadata(tx, actor, params.id, body.metadata)));
    },
  }),
];
