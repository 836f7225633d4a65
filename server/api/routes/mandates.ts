import { z } from 'zod';
import { mandateWire, serializeMandate } from '../wire/mandates';
import { MANDATE_STATUSES } from '../../domain/mandates/state';
import { SCHEMES } from '../../domain/schemes/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { commaList, metadata, metadataOnly, optionalString } from '../schemas';

const createBody = z.strictObject({
  reference: optionalString(35),
  scheme: z.enum(SCHEMES).nullish(),
  payer_ip_address: optionalString(45),
  authorisation_source: z.enum(['web', 'telephone', 'paper']).nullish(),
  metadata,
  links: z.strictObject({ customer_bank_account: z.string().min(1), creditor: z.string().nullish() }),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  created_at: timeRangeQuery.optional(),
  creditor: z.string().optional(),
  customer: z.string().optional(),
  customer_bank_account: z.string().optional(),
  mandate_type: z.enum(['bank_debit', 'instant', 'recurring', 'vrp_commercial', 'vrp_sweeping']).optional(),
  reference: z.string().optional(),
  scheme: commaList(SCHEMES).optional(),
  status: commaList(MANDATE_STATUSES).optional(),
});

const common = { tag: 'Mandates', resourceKey: 'mandates', response: mandateWire } as const;

export const mandateRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/mandates',
    operationId: 'createMandate',
    summary: 'Create a mandate on an existing customer bank account',
    kind: 'create',
    status: 201,
    liveRestriction: 'payment_pages',
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const mandate = await services.mandates.createForAccount(tx, actor, body, { idempotencyKey });
      return created(
        'mandates',
        serializeMandate(mandate, services.clock.now()),
        `${config.publicUrl}/mandates/${mandate.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/mandates',
    operationId: 'listMandates',
    summary: 'List mandates',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.mandates.list(
        tx,
        actor,
        {
          createdAt: query.created_at,
          creditor: query.creditor,
          customer: query.customer,
          customerBankAccount: query.customer_bank_account,
          mandateType: query.mandate_type,
          reference: query.reference,
          schemes: query.scheme,
          statuses: query.status,
        },
        pageOf(query),
      );
      const now = services.clock.now();
      return listResult('mandates', page, (m) => serializeMandate(m, now));
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/mandates/:id',
    operationId: 'getMandate',
    summary: 'Get a mandate',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('mandates', serializeMandate(await services.mandates.get(tx, actor, params.id), services.clock.now()));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/mandates/:id',
    operationId: 'updateMandate',
    summary: 'Update a mandate (metadata only, replaced whole)',
    kind: 'update',
    status: 200,
    body: z.strictObject({ metadata: metadata.unwrap() }),
    async handler({ services, tx, actor, params, body }) {
      return ok(
        'mandates',
        serializeMandate(
          await services.mandates.updateMetadata(tx, actor, params.id, body.metadata),
          services.clock.now(),
        ),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/mandates/:id/actions/cancel',
    operationId: 'cancelMandate',
    summary: 'Cancel a mandate (and its cancellable payments)',
    kind: 'action',
    status: 200,
    bodyKeys: ['mandates'],
    body: metadataOnly,
    async handler({ services, tx, actor, params, body }) {
      return ok(
        'mandates',
        serializeMandate(await services.mandates.cancel(tx, actor, params.id, body.metadata), services.clock.now()),
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/mandates/:id/actions/reinstate',
    operationId: 'reinstateMandate',
    summary: 'Reinstate a cancelled or expired mandate',
    kind: 'action',
    status: 200,
    bodyKeys: ['mandates'],
    liveRestriction: 'payment_pages',
    body: metadataOnly,
    async handler({ services, tx, actor, params, body }) {
      return ok(
        'mandates',
        serializeMandate(await services.mandates.reinstate(tx, actor, params.id, body.metadata), services.clock.now()),
      );
    },
  }),
];
