/**
 * Every request's deadline on one timer. A `setTimeout` and `clearTimeout` per API request (with
 * the deadline's `abort` listener of a read) was about 4% of a list read's CPU (decision 0055); a
 * request instead joins a set, and one interval aborts whoever is past their deadline. The
 * interval runs only while requests are in flight, ticks at a tenth of the time limit (at most
 * every 100 ms, so a 29 s deadline aborts within 100 ms of it), and never holds the process open.
 */
export interface Deadline {
  signal: AbortSignal;
  /** The request has finished: forget it. */
  release(): void;
}

interface Watched {
  at: number;
  controller: AbortController;
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
      entry.controller.abort();
    }
    if (watched.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  return {
    /** A signal that aborts once `timeoutMs` has passed, unless released first. */
    start(now = Date.now()): Deadline {
      const entry: Watched = { at: now + timeoutMs, controller: new AbortController() };
      watched.add(entry);
      if (!timer) {
        timer = setInterval(sweep, tickMs);
        timer.unref();
      }
      return { signal: entry.controller.signal, release: () => void watched.delete(entry) };
    },
  };
}
