import { z } from 'zod';
import { serializeCreditor } from '../../domain/creditors/serialize';
import { CREDITOR_TYPES } from '../../domain/creditors/types';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';
import { optionalString } from '../schemas';

const creditorWire = z.object({
  id: z.string(),
  created_at: z.string(),
  name: z.string(),
  creditor_type: z.enum(CREDITOR_TYPES),
  country_code: z.string(),
  verification_status: z.string(),
  scheme_identifiers: z.array(z.object({ scheme: z.string(), reference: z.string(), currency: z.string() })),
});

const createBody = z.strictObject({
  name: z.string().min(1).max(255),
  country_code: z.string().regex(/^[A-Z]{2}$/),
  creditor_type: z.enum(CREDITOR_TYPES),
  bank_reference_prefix: optionalString(6),
});

const updateBody = z.strictObject({
  name: z.string().min(1).max(255).optional(),
  address_line1: optionalString(),
  address_line2: optionalString(),
  address_line3: optionalString(),
  city: optionalString(),
  region: optionalString(),
  postal_code: optionalString(20),
  country_code: optionalString(2),
  bank_reference_prefix: optionalString(6),
  // Payout accounts are not modelled: the links are accepted only as null.
  links: z
    .strictObject(
      Object.fromEntries(
        ['aud', 'cad', 'dkk', 'eur', 'gbp', 'nzd', 'sek', 'usd'].map((c) => [
          `default_${c}_payout_account`,
          z.null().optional(),
        ]),
      ),
    )
    .optional(),
});

const common = { tag: 'Creditors', resourceKey: 'creditors', response: creditorWire } as const;

export const creditorRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/creditors',
    operationId: 'createCreditor',
    summary: 'Create a creditor (live: white-label partners only)',
    kind: 'create',
    liveRestriction: 'white_label',
    body: createBody,
    async handler({ services, config, actor, body, idempotencyKey }) {
      const creditor = await services.creditors.create(actor, body, { idempotencyKey });
      return created('creditors', serializeCreditor(creditor), `${config.publicUrl}/creditors/${creditor.id}`);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/creditors',
    operationId: 'listCreditors',
    summary: 'List creditors',
    kind: 'list',
    list: true,
    query: z.strictObject({ ...cursorQuery, created_at: timeRangeQuery.optional() }),
    async handler({ services, actor, query }) {
      return listResult(
        'creditors',
        await services.creditors.list(actor, { createdAt: query.created_at }, pageOf(query)),
        serializeCreditor,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/creditors/:id',
    operationId: 'getCreditor',
    summary: 'Get a creditor',
    kind: 'read',
    async handler({ services, actor, params }) {
      return ok('creditors', serializeCreditor(await services.creditors.get(actor, params.id!)));
    },
  }),
  defineRoute({
    ...common,
    method: 'PUT',
    path: '/creditors/:id',
    operationId: 'updateCreditor',
    summary: 'Update a creditor',
    kind: 'update',
    body: updateBody,
    async handler({ services, actor, params, body }) {
      const { links: _links, ...changes } = body;
      return ok('creditors', serializeCreditor(await services.creditors.update(actor, params.id!, changes)));
    },
  }),
];
