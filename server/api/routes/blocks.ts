import { z } from 'zod';
import { BLOCK_REASONS, BLOCK_TYPES } from '../../domain/blocks/types';
import { blockWire, serializeBlock } from '../wire/blocks';
import { cursorQuery, pageOf, timeRangeQuery } from '../pagination';
import { created, defineRoute, listResult, ok } from '../route';

const createBody = z.strictObject({
  block_type: z.enum(BLOCK_TYPES),
  reason_type: z.enum(BLOCK_REASONS),
  reason_description: z.string().max(500).nullish(),
  resource_reference: z.string().min(1).max(255),
  active: z.boolean().nullish(),
});

const listQuery = z.strictObject({
  ...cursorQuery,
  block_type: z.enum(BLOCK_TYPES).optional(),
  reason_type: z.enum(BLOCK_REASONS).optional(),
  created_at: timeRangeQuery.optional(),
});

const common = { tag: 'Blocks', resourceKey: 'blocks', response: blockWire } as const;

export const blockRoutes = [
  defineRoute({
    ...common,
    method: 'POST',
    path: '/blocks',
    operationId: 'createBlock',
    summary: 'Create a block',
    kind: 'create',
    status: 201,
    body: createBody,
    async handler({ services, tx, config, actor, body, idempotencyKey }) {
      const block = await services.blocks.create(tx, actor, body, { idempotencyKey });
      return created('blocks', serializeBlock(block), `${config.publicUrl}/blocks/${block.id}`);
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/blocks',
    operationId: 'listBlocks',
    summary: 'List blocks',
    kind: 'list',
    status: 200,
    query: listQuery,
    async handler({ services, tx, actor, query }) {
      const page = await services.blocks.list(
        tx,
        actor,
        { blockType: query.block_type, reasonType: query.reason_type, createdAt: query.created_at },
        pageOf(query),
      );
      return listResult('blocks', page, serializeBlock);
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/blocks/block_by_ref',
    operationId: 'blockByReference',
    summary: 'Block the email and bank accounts of a customer or mandate (201 if any block was made, 200 if none)',
    kind: 'action',
    status: [201, 200],
    answersList: true,
    // Existing clients send `data`; the spec shows `blocks`.
    bodyKeys: ['blocks'],
    body: z.strictObject({
      reference_type: z.enum(['customer', 'mandate']),
      reference_value: z.string().min(1).max(100),
      reason_type: z.enum(BLOCK_REASONS),
      reason_description: z.string().max(500).nullish(),
      active: z.boolean().nullish(),
    }),
    async handler({ services, tx, actor, body }) {
      const result = await services.blocks.blockByReference(tx, actor, body);
      return {
        status: result.created ? 201 : 200,
        body: {
          blocks: result.blocks.map(serializeBlock),
          meta: { cursors: { before: null, after: null }, limit: result.blocks.length },
        },
      };
    },
  }),
  defineRoute({
    ...common,
    method: 'GET',
    path: '/blocks/:id',
    operationId: 'getBlock',
    summary: 'Get a block',
    kind: 'read',
    status: 200,
    async handler({ services, tx, actor, params }) {
      return ok('blocks', serializeBlock(await services.blocks.get(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/blocks/:id/actions/disable',
    operationId: 'disableBlock',
    summary: 'Disable a block',
    kind: 'action',
    status: 200,
    bodyKeys: ['blocks'],
    async handler({ services, tx, actor, params }) {
      return ok('blocks', serializeBlock(await services.blocks.disable(tx, actor, params.id)));
    },
  }),
  defineRoute({
    ...common,
    method: 'POST',
    path: '/blocks/:id/actions/enable',
    operationId: 'enableBlock',
    summary: 'Enable a block',
    kind: 'action',
    status: 200,
    bodyKeys: ['blocks'],
    async handler({ services, tx, actor, params }) {
      return ok('blocks', serializeBlock(await services.blocks.enable(tx, actor, params.id)));
    },
  }),
];
