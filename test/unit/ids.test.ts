import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../server/domain/shared/clock';
import { createIdGenerator, looksLikeId } from '../../server/domain/shared/ids';

describe('ids', () => {
  it('are <prefix><26 Crockford characters>', () => {
    const ids = createIdGenerator(new ManualClock());
    expect(ids('block')).toMatch(/^BLC[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(ids('event')).toMatch(/^EV[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(looksLikeId(ids('mandate'), 'mandate')).toBe(true);
    expect(looksLikeId('MD123', 'mandate')).toBe(false);
  });

  it('sort in creation order, within one millisecond too', () => {
    const clock = new ManualClock('2026-01-01T00:00:00Z');
    const ids = createIdGenerator(clock);
    const made: string[] = [];
    for (let i = 0; i < 1000; i++) {
      if (i % 100 === 0) clock.advance(1);
      made.push(ids('block'));
    }
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });

  it('encode time first, so a later id sorts after an earlier one across generators', () => {
    const early = createIdGenerator(new ManualClock('2026-01-01T00:00:00Z'))('block');
    const late = createIdGenerator(new ManualClock('2026-01-01T00:00:01Z'))('block');
    expect(early < late).toBe(true);
  });
});
