import { describe, expect, it } from 'vitest';
import { convertMinorUnits, taxIncludedIn } from '../../server/domain/shared/exact-decimal';

/** Decision 0041's one rounding rule: exact fractions, nearest minor unit, halves away from zero. */
describe('exact decimal money', () => {
  it.each([
    [4982, '1.25', 6228], // 6227.5: a half goes up
    [-4982, '1.25', -6228], // and away from zero when negative
    [4982, '1.1537', 5748], // 5747.7334
    [1, '0.5', 1],
    [1, '0.4999999999', 0],
    [100, '1', 100],
    // 0.1 + 0.2 style float traps do not apply: 3 × 1.15 is 3.45 exactly, rounds to 3.
    [3, '1.15', 3],
    [9_007_199_254, '1000', 9_007_199_254_000],
  ])('converts %i at %s to %i', (amount, rate, expected) => {
    expect(convertMinorUnits(amount, rate)).toBe(expected);
  });

  it.each([
    [9, '20.0', 2], // 1.5
    [3, '20', 1], // 0.5
    [100, '16.0', 14], // 13.79
    [100, '19.0', 16], // 15.97
    [-9, '20.0', -2], // a fee given back: its tax too
    [0, '20.0', 0],
    [120, '0', 0],
  ])('the tax part of %i including %s %% is %i', (gross, percentage, expected) => {
    expect(taxIncludedIn(gross, percentage)).toBe(expected);
  });

  it('refuses what is not a decimal or not whole minor units', () => {
    expect(() => convertMinorUnits(1, '1e3')).toThrow(RangeError);
    expect(() => convertMinorUnits(1.5, '1')).toThrow(RangeError);
    expect(() => convertMinorUnits(Number.MAX_SAFE_INTEGER, '2')).toThrow(RangeError);
    expect(() => taxIncludedIn(1, '-5')).toThrow(RangeError);
  });
});
