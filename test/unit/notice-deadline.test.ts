import { describe, expect, it } from 'vitest';
import { startOfDayIn, takeoverDeadline } from '../../server/domain/notifications/deadline';

/**
 * Decision 0038: a taken-over notice waits until the end of the scheme's submission day, in the
 * scheme calendar's zone — today there, or its next working day.
 */
describe('takeoverDeadline', () => {
  it('ends a Bacs working day at midnight in London, in winter and in summer time', () => {
    expect(takeoverDeadline('bacs', new Date('2026-03-02T09:00:00Z')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(takeoverDeadline('bacs', new Date('2026-06-02T09:00:00Z')).toISOString()).toBe('2026-06-02T23:00:00.000Z');
  });

  it('moves a weekend or a holiday to the next working day', () => {
    // Saturday 7 March → Monday 9 March; Good Friday 3 April 2026 → Tuesday 7 April (Easter Monday too).
    expect(takeoverDeadline('bacs', new Date('2026-03-07T12:00:00Z')).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(takeoverDeadline('bacs', new Date('2026-04-03T12:00:00Z')).toISOString()).toBe('2026-04-07T23:00:00.000Z');
  });

  it('reads "today" in the scheme’s zone: late evening UTC is already tomorrow in Sydney', () => {
    // 20:00 UTC on Monday 2 March is 07:00 on Tuesday 3 March in Sydney (AEDT, +11).
    expect(takeoverDeadline('becs', new Date('2026-03-02T20:00:00Z')).toISOString()).toBe('2026-03-03T13:00:00.000Z');
  });

  it('finds midnight across a DST change', () => {
    expect(startOfDayIn('Europe/London', '2026-03-29').toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(startOfDayIn('Europe/London', '2026-03-30').toISOString()).toBe('2026-03-29T23:00:00.000Z');
    expect(startOfDayIn('America/Toronto', '2026-11-02').toISOString()).toBe('2026-11-02T05:00:00.000Z');
  });
});
