import { expect, it } from 'vitest';
import { nextStatus, type StateMachine } from '../../../server/domain/shared/state-machine';

/**
 * Walks every (status × move) pair of a machine against an expectation written out in the test:
 * for each move, the states it may start from and where it ends, and the reason any other start
 * is refused with. Milliseconds, no database.
 */
export function walkMachine<S extends string, M extends string>(
  machine: StateMachine<S, M, any>,
  expected: Record<M, { from: readonly S[]; to: S; refused: string }>,
): void {
  const pairs = machine.statuses.flatMap((status) =>
    (Object.keys(expected) as M[]).map((move) => [status, move] as const),
  );
  it.each(pairs)('from %s, %s', (status, move) => {
    const want = expected[move];
    expect(nextStatus(machine, status, move)).toEqual(
      want.from.includes(status) ? { to: want.to } : { refused: want.refused },
    );
  });

  it('declares exactly the expected moves', () => {
    expect(Object.keys(machine.moves).sort()).toEqual(Object.keys(expected).sort());
  });
}
