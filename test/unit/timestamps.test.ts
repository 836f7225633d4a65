import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz, TIMESTAMPTZ } from '../../server/db/timestamps';
import { timestamp } from '../../server/api/wire/present';

const postgresDate = pg.types.getTypeParser(TIMESTAMPTZ, 'text') as (value: string) => Date;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A timestamp as Postgres 15 writes it with TimeZone UTC: trailing fraction zeros dropped. */
function asPostgresWrites(ms: number, micros: number): string {
  const d = new Date(ms);
  const fraction = pad(d.getUTCMilliseconds() * 1000 + micros, 6).replace(/0+$/, '');
  return (
    `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ` +
    `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}` +
    `${fraction ? '.' + fraction : ''}+00`
  );
}

describe('timestamptz text read digit by digit', () => {
  it('gives the same instant as node-postgres for any UTC timestamp Postgres writes', () => {
    const years100to9999 = fc.integer({ min: Date.UTC(100, 0, 1), max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) });
    fc.assert(
      fc.property(years100to9999, fc.integer({ min: 0, max: 999 }), (ms, micros) => {
        const text = asPostgresWrites(ms, micros);
        expect(parseTimestamptz(text).getTime(), text).toBe(ms);
        expect(parseTimestamptz(text).getTime(), text).toBe(postgresDate(text).getTime());
      }),
      { numRuns: 5000, seed: 15 },
    );
  });

  it('reads runs with repeats (updated_at is mostly created_at), a new Date each time', () => {
    const instant = fc.tuple(fc.integer({ min: 0, max: Date.UTC(9999, 0, 1) }), fc.integer({ min: 0, max: 999 }));
    fc.assert(
      fc.property(
        fc.array(instant, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(3), { maxLength: 12 }),
        (pool, picks) => {
          for (const pick of picks) {
            const text = asPostgresWrites(...pool[pick % pool.length]!);
            const first = parseTimestamptz(text);
            first.setTime(0); // a caller changing its Date changes no later answer
            expect(parseTimestamptz(text).getTime(), text).toBe(postgresDate(text).getTime());
          }
        },
      ),
      { numRuns: 2000, seed: 15 },
    );
  });

  it('leaves other shapes to node-postgres: other zones, early years, BC, infinity', () => {
    for (const text of [
      '2026-11-27 13:18:47.576542+01',
      '2026-11-27 13:18:47-05:30',
      '0099-01-01 00:00:00+00',
      '2026-11-27 13:18:47+00 BC',
      'infinity',
      '-infinity',
    ]) {
      const ours = parseTimestamptz(text);
      const theirs = postgresDate(text);
      expect(ours instanceof Date ? ours.getTime() : ours, text).toEqual(
        theirs instanceof Date ? theirs.getTime() : theirs,
      );
    }
  });
});

describe('timestamps on the wire', () => {
  it('are exactly what toISOString gives, for any date', () => {
    fc.assert(
      fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => {
        const date = new Date(ms);
        expect(timestamp(date)).toBe(date.toISOString());
        expect(timestamp(date.toISOString())).toBe(date.toISOString());
      }),
      { numRuns: 5000, seed: 15 },
    );
  });

  it('are right for runs with repeats, the same instant twice in a row among them', () => {
    const date = fc.integer({ min: -8.64e15, max: 8.64e15 }).map((ms) => new Date(ms));
    fc.assert(
      fc.property(
        fc.array(date, { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(3), { maxLength: 12 }),
        (pool, picks) => {
          for (const pick of picks) {
            const d = pool[pick % pool.length]!;
            expect(timestamp(d)).toBe(d.toISOString());
            expect(timestamp(new Date(d.getTime()))).toBe(d.toISOString());
          }
        },
      ),
      { numRuns: 2000, seed: 15 },
    );
    expect(() => timestamp(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('refuse an invalid date as toISOString does', () => {
    expect(() => timestamp(new Date(Number.NaN))).toThrow(RangeError);
  });
});
