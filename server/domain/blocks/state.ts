import { defineMachine } from '../shared/state-machine';
import { blocksTable } from './queries';
import type { BlockRow } from './types';

/**
 * Block states as data. A block is `active` (it stops matching mandates being created) or
 * `disabled`. Asking for a move from the state it ends in answers the block unchanged (a retried
 * disable is not an error); the public API names no refusal for blocks, so none can happen.
 */
export const BLOCK_STATUSES = ['active', 'disabled'] as const;
export type BlockStatus = (typeof BLOCK_STATUSES)[number];

export const BLOCK_MACHINE = defineMachine<BlockStatus, 'disable' | 'enable', BlockRow>({
  table: blocksTable,
  resourceType: 'blocks',
  statuses: BLOCK_STATUSES,
  moves: {
    disable: {
      from: ['active'],
      to: 'disabled',
      event: 'disabled',
      cause: 'block_disabled',
      refused: 'disable_failed',
      idempotent: true,
    },
    enable: {
      from: ['disabled'],
      to: 'active',
      event: 'enabled',
      cause: 'block_enabled',
      refused: 'enable_failed',
      idempotent: true,
    },
  },
  links: (block) => ({ block: block.id }),
});

export type BlockMove = keyof typeof BLOCK_MACHINE.moves;
