import { describe, expect, it } from 'vitest';
import { createDeadlines } from '../../server/api/deadlines';
import { isDeadlineExceeded } from '../../server/db/db';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('request deadlines on one timer', () => {
  it('expires a request once its time limit has passed, within a tenth of the limit, calling onExpire once', async () => {
    const deadlines = createDeadlines(100);
    const started = Date.now();
    const deadline = deadlines.start(started);
    let calls = 0;
    const expired = new Promise<number>((resolve) => {
      deadline.onExpire = () => {
        calls++;
        resolve(Date.now());
      };
    });
    expect(deadline.expired).toBe(false);
    const at = await expired;
    expect(deadline.expired).toBe(true);
    expect(at - started).toBeGreaterThanOrEqual(100);
    expect(at - started).toBeLessThan(100 + 10 + 50); // one tick late at most, plus the event loop's slack
    await wait(50);
    expect(calls).toBe(1);
  });

  it('never expires a request released before its deadline, and leaves others to run out', async () => {
    const deadlines = createDeadlines(60);
    const released = deadlines.start();
    const kept = deadlines.start();
    let releasedCalled = false;
    released.onExpire = () => (releasedCalled = true);
    released.release();
    await wait(150);
    expect(released.expired).toBe(false);
    expect(releasedCalled).toBe(false);
    expect(kept.expired).toBe(true);
  });

  it("hands onExpire the error to answer, so a read can pass its promise's reject as it is", async () => {
    const deadlines = createDeadlines(50);
    const deadline = deadlines.start();
    const answer = new Promise((_resolve, reject) => {
      deadline.onExpire = reject;
    });
    const error = await answer.catch((caught: unknown) => caught);
    expect(isDeadlineExceeded(error)).toBe(true);
  });

  it('lets go of onExpire at release, so a released deadline holds nothing of its request (decision 0058)', () => {
    const deadlines = createDeadlines(1_000);
    const deadline = deadlines.start();
    deadline.onExpire = () => {};
    deadline.release();
    expect(deadline.onExpire).toBeUndefined();
  });
});
