/**
 * Block states as data. A block is `active` (it stops matching mandates being created) or
 * `disabled`. Each move lists the state it may start from; asking for a move from the state it
 * ends in is answered with the block unchanged (a retried disable is not an error).
 */
export type BlockState = 'active' | 'disabled';

export const BLOCK_TRANSITIONS = {
  disable: { from: 'active', to: 'disabled', action: 'disabled' },
  enable: { from: 'disabled', to: 'active', action: 'enabled' },
} as const satisfies Record<string, { from: BlockState; to: BlockState; action: string }>;

export type BlockMove = keyof typeof BLOCK_TRANSITIONS;

export const stateOf = (active: boolean): BlockState => (active ? 'active' : 'disabled');
