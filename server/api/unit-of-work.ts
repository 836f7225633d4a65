import type { Services } from '../container';
import { DeadlineExceededError, withSignal, type Queryable } from '../db/db';

/**
 * The edge owns the request's unit of work. Writes run in one transaction with the remaining time
 * as each statement's timeout; reads use the database directly. At the deadline the signal aborts:
 * no further statement is sent and the transaction rolls back instead of committing, and the answer
 * waits for that, so a 504 always means nothing was written. (A commit already under way when the
 * deadline passes finishes, and its answer is the real one, a little late.)
 */
export async function runUnitOfWork<T>(
  services: Services,
  method: string,
  signal: AbortSignal,
  deadline: number,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  // A read writes nothing, so it may be answered at the deadline while a statement still runs.
  if (method === 'GET') {
    return Promise.race([work(withSignal(services.db, signal)), aborted(signal)]);
  }
  return services.db.transaction(work, { signal, statementTimeoutMs: Math.max(1, deadline - Date.now()) });
}

/** Rejects when `signal` aborts (it never resolves). */
function aborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(new DeadlineExceededError());
    signal.addEventListener('abort', () => reject(new DeadlineExceededError()), { once: true });
  });
}
