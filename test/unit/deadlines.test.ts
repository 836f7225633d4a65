import { describe, expect, it } from 'vitest';
import { createDeadlines } from '../../server/api/deadlines';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('request deadlines on one timer', () => {
  it('aborts a request once its time limit has passed, within a tenth of the limit', async () => {
    const deadlines = createDeadlines(100);
    const started = Date.now();
    const { signal } = deadlines.start(started);
    const aborted = new Promise<number>((resolve) => signal.addEventListener('abort', () => resolve(Date.now())));
    expect(signal.aborted).toBe(false);
    const at = await aborted;
    expect(at - started).toBeGreaterThanOrEqual(100);
    expect(at - started).toBeLessThan(100 + 10 + 50); // one tick late at most, plus the event loop's slack
  });

  it('never aborts a request released before its deadline, and leaves others to run out', async () => {
    const deadlines = createDeadlines(60);
    const released = deadlines.start();
    const kept = deadlines.start();
    released.release();
    await wait(150);
    expect(released.signal.aborted).toBe(false);
    expect(kept.signal.aborted).toBe(true);
  });
});
