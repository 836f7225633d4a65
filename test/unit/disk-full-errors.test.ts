import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isDiskFull } from '../../server/db/db';

/** Which errors mean "the store's disk is full" (answered 503 with one ENOSPC log line). */
describe('isDiskFull', () => {
  it('recognises SQLSTATE 53100, the bare errno and the OS message, and counts them as unavailable', () => {
    const cases = [
      { code: '53100', message: 'could not extend file "base/5/16385": No space left on device' },
      { code: 'ENOSPC', message: 'write failed' },
      { message: 'could not write to file "pg_wal/xlogtemp.1": No space left on device' },
    ];
    for (const error of cases) {
      expect(isDiskFull(error)).toBe(true);
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
  });

  it('leaves other errors alone', () => {
    for (const error of [null, 'ENOSPC', { code: '23505', message: 'duplicate key' }, new Error('boom')]) {
      expect(isDiskFull(error)).toBe(false);
    }
  });
});
