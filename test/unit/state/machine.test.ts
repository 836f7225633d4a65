import { describe, expect, it } from 'vitest';
import { BLOCK_MACHINE } from '../../../server/domain/blocks/state';
import { canMove, defineMachine, nextStatus } from '../../../server/domain/shared/state-machine';
import { defineTable } from '../../../server/domain/shared/table';

/** The runner's pure rules, and the blocks table walked move by move. */
const table = defineTable('things', ['id', 'status']);

describe('defineMachine', () => {
  it('refuses a move naming a state the machine does not list', () => {
    expect(() =>
      defineMachine({
        table,
        resourceType: 'blocks',
        statuses: ['a', 'b'] as const,
        moves: { go: { from: ['a'], to: 'c' as 'b', event: 'went', cause: 'x', refused: 'cancellation_failed' } },
        links: () => ({}),
      }),
    ).toThrow(/unknown status c/);
  });
});

describe('blocks', () => {
  const cases = [
    ['active', 'disable', { to: 'disabled' }],
    ['disabled', 'enable', { to: 'active' }],
    ['disabled', 'disable', { refused: 'disable_failed' }],
    ['active', 'enable', { refused: 'enable_failed' }],
  ] as const;
  it.each(cases)('from %s, %s → %o', (from, move, expected) => {
    expect(nextStatus(BLOCK_MACHINE, from, move)).toEqual(expected);
    expect(canMove(BLOCK_MACHINE, from, move)).toBe('to' in expected);
  });

  it('answers a repeated move with the block unchanged rather than a refusal', () => {
    expect(BLOCK_MACHINE.moves.disable.idempotent).toBe(true);
    expect(BLOCK_MACHINE.moves.enable.idempotent).toBe(true);
  });
});
