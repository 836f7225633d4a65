import { z } from 'zod';
import { paymentWire, serializePayment } from '../wire/payments';
import { PAYMENT_STATUSES } from '../../domain/payments/state';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { amount, currency, isoDate, metadata, metadataOnly, optionalString, wireInteger } from '../schemas';

const createBody = z.strictObject({
  amount,
  currency,
  charge_date: isoDate.nullish(),
  description: optionalString(255),
  reference: optionalString(140),
  app_fee: wireInteger(0).nullish(),
  retry_if_possible: z.boolean().nullish(),
  faster_ach: z.boolean().nullish(),
  psu_interaction_type: z.enum(['in_session', 'off_session']).nullish(),
  metadata,
  links: z.strictObject({ mandate: z.string().min(1) }),
});

const dateRange = z
  .strictObject({ gt: isoDate.optional(), gte: isoDate.optional(), lt: isoDate.optional(), lte: isoDate.optional() })
  .optional();

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  charge_date: dateRange,
  creditor: z.string().optional(),
  currency: currency.optional(),
  customer: z.string().optional(),
  mandate: z.string().optional(),
  scheme: z.string().optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
  subscription: z.string().optional(),
  instalment_schedule: z.string().optional(),
});

const common = { tag: 'Payments', resourceKey: 'payments', response: paymentWire } as const;

export const paymentRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/payments',
    operationId: 'createPayment',
    summary: 'Create a payment under a mandate',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const payment = await services.payments.create(
        tx,
        actor,
        body.links.mandate,
        {
          amount: body.amount,
          currency: body.currency,
          chargeDate: body.charge_date,
          description: body.description,
          reference: body.reference,
          metadata: body.metadata,
          appFee: body.app_fee,
          retryIfPossible: body.retry_if_possible,
          fasterAch: body.faster_ach,
        },
        { idempotencyKey },
      );
      return created('payments', serializePayment(payment), `${config.publicUrl}/payments/${payment.id}`);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/payments',
    operationId: 'listPayments',
    summary: 'List payments',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.payments.list(
        tx,
        actor,
        {
          createdAt: query.created_at,
          chargeDate: query.charge_date,
          creditor: query.creditor,
          currency: query.currency,
          customer: query.customer,
          mandate: query.mandate,
          scheme: query.scheme,
          status: query.status,
          subscription: query.subscription,
          instalmentSchedule: query.instalment_schedule,
        },
        pageOf(query),
      );
      return listResult('payments', page, serializePayment);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/payments/:id',
    operationId: 'getPayment',
    summary: 'Get a payment',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('payments', serializePayment(await services.payments.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/payments/:id',
    operationId: 'updatePayment',
    summary: 'Update a payment (metadata, retry_if_possible)',
    kind: 'update',
    status: 200,
    body: z.strictObject({ metadata, retry_if_possible: z.boolean().nullish() }),
    async handler({ services, tx, actor, params, body }) {
      const payment = await services.payments.updateMetadata(tx, actor, params.id, {
        metadata: body.metadata,
        retryIfPossible: body.retry_if_possible ?? undefined,
      });
      return ok('payments', serializePayment(payment));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/payments/:id/actions/cancel',
    operationId: 'cancelPayment',
    summary: 'Cancel a payment not yet submitted',
    kind: 'action',
    status: 200,
    bodyKeys: ['payments'],
    body: metadataOnly,
    async handler({ services, tx, actor, params, body }) {
      return ok('payments', serializePayment(await services.payments.cancel(tx, actor, params.id, body.metadata)));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/payments/:id/actions/retry',
    operationId: 'retryPayment',
    summary: 'Retry a failed payment on a new charge date',
    kind: 'action',
    status: 200,
    bodyKeys: ['payments'],
    body: z.strictObject({ charge_date: isoDate.nullish(), metadata }),
    async handler({ services, tx, actor, params, body }) {
      const payment = await services.payments.retry(tx, actor, params.id, {
        chargeDate: body.charge_date,
        metadata: body.metadata,
      });
      return ok('payments', serializePayment(payment));
    },
  }),
];
