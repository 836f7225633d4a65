import { z } from 'zod';
import { listInstitutions, type Institution } from '../../domain/schemes/institutions';
import { institutionWire, serializeInstitution } from '../wire/institutions';
import { defineRoute, type ApiResult } from '../route';

/** Both lists are answered whole (no cursor), as the public API does. */
const answer = (items: Institution[], publicUrl: string): ApiResult => ({
  status: 200,
  body: {
    institutions: items.map((i) => serializeInstitution(i, publicUrl)),
    meta: { cursors: { before: null, after: null }, limit: items.length },
  },
});

const countryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());
const common = {
  tag: 'Institutions',
  resourceKey: 'institutions',
  response: institutionWire,
  kind: 'list',
  status: 200,
} as const;

export const institutionRoutes = [
  defineRoute({
    ...common,
    method: 'GET',
    path: '/institutions',
    operationId: 'listInstitutions',
    summary: 'List the banks a payer can choose (sandbox directory)',
    query: z.strictObject({
      country_code: countryCode.optional(),
      branch_code: z.string().optional(),
      feature: z.string().optional(),
      scheme: z.string().optional(),
    }),
    async handler({ config, query }) {
      return answer(listInstitutions({ countryCode: query.country_code, includeDisabled: true }), config.publicUrl);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/billing_requests/:id/institutions',
    operationId: 'listInstitutionsForBillingRequest',
    summary: 'List the banks a payer can choose for a billing request',
    query: z.strictObject({
      country_code: countryCode,
      search: z.string().max(100).optional(),
      include_disabled: z.enum(['true', 'false']).optional(),
      ids: z.string().optional(),
    }),
    async handler({ services, tx, config, actor, params, query }) {
      await services.billingRequests.get(tx, actor, params.id);
      const ids = query.ids ? new Set(query.ids.split(',')) : undefined;
      const items = listInstitutions({
        countryCode: query.country_code,
        search: query.search,
        includeDisabled: query.include_disabled === 'true',
      });
      return answer(ids ? items.filter((i) => ids.has(i.id)) : items, config.publicUrl);
    },
  }),
];
