import { z } from 'zod';
import { SCHEME_IDENTIFIER_SCHEMES } from '../../domain/scheme-identifiers/types';
import { schemeIdentifierWire, serializeSchemeIdentifier } from '../wire/scheme-identifiers';
import { cursorQuery, pageOf } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';

const common = {
  tag: 'Scheme identifiers',
  resourceKey: 'scheme_identifiers',
  response: schemeIdentifierWire,
} as const;

/** The SUN / creditor identifier per scheme: asked for here, `pending` until the scheme activates it. */
export const schemeIdentifierRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/scheme_identifiers',
    operationId: 'createSchemeIdentifier',
    summary: 'Ask for a scheme identifier for a creditor (pending until the scheme activates it)',
    kind: 'create',
    status: 201,
    body: z.strictObject({
      name: z.string().min(1).max(255),
      scheme: z.enum(SCHEME_IDENTIFIER_SCHEMES),
      links: z.strictObject({ creditor: z.string().min(1).max(100).nullish() }).nullish(),
    }),
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const row = await services.schemeIdentifiers.create(tx, actor, body, { idempotencyKey });
      return created(
        'scheme_identifiers',
        serializeSchemeIdentifier(row),
        `${config.publicUrl}/scheme_identifiers/${row.id}`,
      );
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/scheme_identifiers',
    operationId: 'listSchemeIdentifiers',
    summary: 'List scheme identifiers',
    kind: 'list',
    status: 200,
    query: z.strictObject({ ...cursorQuery, creditor: z.string().min(1).max(100).optional() }),
    async handler({ services, tx, actor, query }) {
      const page = await services.schemeIdentifiers.list(tx, actor, { creditor: query.creditor }, pageOf(query));
      return listResult('scheme_identifiers', page, serializeSchemeIdentifier);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/scheme_identifiers/:id',
    operationId: 'getSchemeIdentifier',
    summary: 'Get a scheme identifier',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok(
        'scheme_identifiers',
        serializeSchemeIdentifier(await services.schemeIdentifiers.get(tx, actor, params.id)),
      );
    },
  }),
];
