import { expect, it } from 'vitest';
import {
  nextStatus,
  plannedFollowUps,
  type FollowUpTime,
  type StateMachine,
} from '../../../server/domain/shared/state-machine';

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

/**
 * Walks a machine's scheme clock follow-ups against an expectation written out in the test: after
 * each move (or `created`, from the status a new row has), the move the clock is booked to apply
 * and where that move ends. A follow-up the table declares but the test does not name fails.
 */
export function walkFollowUps<S extends string, M extends string>(
  machine: StateMachine<S, M, any>,
  expected: { after: M | 'created'; from?: S; move: M; to: S }[],
): void {
  it('declares exactly the expected follow-ups', () => {
    const declared = Object.entries(machine.followUps ?? {}).flatMap(([after, followUps]) =>
      (followUps as { move: string }[]).map(({ move }) => `${after} → ${move}`),
    );
    expect(declared.sort()).toEqual(expected.map(({ after, move }) => `${after} → ${move}`).sort());
  });

  it.each(expected)('after $after, $move ends in $to', ({ after, from, move, to }) => {
    const start = after === 'created' ? from! : machine.moves[after].to;
    expect(nextStatus(machine, start, move)).toEqual({ to });
  });
}

// Friday 6 and Saturday 7 March 2026; the next working days are Monday 9 and Tuesday 10 (London, GMT).
export const FRIDAY = new Date('2026-03-06T10:00:00.000Z');
export const SATURDAY = new Date('2026-03-07T10:00:00.000Z');
export const live = (now: Date): FollowUpTime => ({ now, environment: 'live' });
export const sandbox = (now: Date): FollowUpTime => ({ now, environment: 'sandbox' });

/** What the machine books after `after` for `row`, as [move, ISO time] pairs. */
export const planned = <M extends string, Row extends { id: string; status: string }>(
  machine: StateMachine<any, M, Row>,
  after: M | 'created',
  row: Row,
  time: FollowUpTime,
) => plannedFollowUps(machine, after, row, time).map(({ move, dueAt }) => [move, dueAt.toISOString()]);
