import { describe, expect, it } from 'vitest';
import { BLOCK_MACHINE } from '../../../server/domain/blocks/state';
import { canMove, defineMachine, nextStatus } from '../../../server/domain/shared/state-machine';
import { col, defineTable } from '../../../server/domain/shared/table';

/** The runner's pure rules, and the blocks table walked move by move. */
const table = defineTable('things', { id: col.text(), status: col.text() });

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

  it('refuses a follow-up that cannot start where the move it follows ends', () => {
    const moves = {
      go: { from: ['a'], to: 'b', event: 'went', cause: 'x', refused: 'cancellation_failed' },
      back: { from: ['b'], to: 'a', event: 'came_back', cause: 'x', refused: 'cancellation_failed' },
    } as const;
    const machine = (followUps: object) =>
      defineMachine<'a' | 'b', 'go' | 'back', { id: string; status: 'a' | 'b' }>({
        table,
        resourceType: 'blocks',
        statuses: ['a', 'b'],
        moves,
        links: () => ({}),
        followUps,
      });
    const now = () => new Date();
    expect(() => machine({ go: [{ move: 'back', at: now }] })).not.toThrow();
    expect(() => machine({ go: [{ move: 'go', at: now }] })).toThrow(/blocks.go: follow-up go cannot start there/);
    expect(() => machine({ created: [{ move: 'gone', at: now }] })).toThrow(/follow-up gone/);
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
