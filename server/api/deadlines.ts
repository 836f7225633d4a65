import { DeadlineExceededError } from '../db/db';

/**
 * Every request's deadline on one timer. A `setTimeout` and `clearTimeout` per API request (with
 * the deadline's `abort` listener of a read) was about 4% of a list read's CPU (decision 0055); a
 * request instead joins a set, and one interval expires whoever is past their deadline. The
 * interval runs only while requests are in flight, ticks at a tenth of the time limit (at most
 * every 100 ms, so a 29 s deadline expires within 100 ms of it), and never holds the process open.
 *
 * A deadline is a plain object, not an `AbortController`: making a controller and its signal, and
 * racing each read against an `abort` listener, cost a Postgres list read about 9% of its CPU
 * (decision 0057). The unit of work reads `expired` before each statement and sets `onExpire` to
 * answer a read that is still waiting on the database.
 *
 * `onExpire` takes the error so that a read can hand over its promise's own `reject`: an arrow
 * made per request to call it (`() => reject(new …)`) kept finished reads' answers alive through
 * two minor collections, which then promoted them; collecting them cost a Postgres list read
 * about a fifth of its CPU (decision 0058).
 */
export interface Deadline {
  /** Whether the time limit has passed (read before each statement: `checkDeadline`). */
  readonly expired: boolean;
  /** Called once, with the error to answer, when the time limit passes before `release`. */
  onExpire: ((error: DeadlineExceededError) => void) | undefined;
  /** The request has finished: forget it. */
  release(): void;
}

class Watched implements Deadline {
  expired = false;
  onExpire: ((error: DeadlineExceededError) => void) | undefined = undefined;
  constructor(
    readonly at: number,
    private readonly watched: Set<Watched>,
  ) {}
  release(): void {
    // Let go of the read's promise (and its answer) now: a Set's replaced hash table that reached
    // the old generation still lists this object until a full collection (decision 0058).
    this.onExpire = undefined;
    this.watched.delete(this);
  }
}

export function createDeadlines(timeoutMs: number) {
  const tickMs = Math.max(5, Math.min(100, Math.floor(timeoutMs / 10)));
  const watched = new Set<Watched>();
  let timer: NodeJS.Timeout | undefined;

  const sweep = () => {
    const now = Date.now();
    for (const entry of watched) {
      if (entry.at > now) continue;
      watched.delete(entry);
      entry.expired = true;
      entry.onExpire?.(new DeadlineExceededError());
    }
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    /** A deadline that expires once `timeoutMs` has passed, unless released first. */
    start(now = Date.now()): Deadline {
      const entry = new Watched(now + timeoutMs, watched);
      watched.add(entry);
      if (!timer) {
        timer = setInterval(sweep, tickMs);
        timer.unref();
      }
      return entry;
    },
  };
}
