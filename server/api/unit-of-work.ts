import type { Services } from '../container';
import { DeadlineExceededError, withDeadline, type Queryable } from '../db/db';
import type { Deadline } from './deadlines';

/**
 * The edge owns the request's unit of work. Writes run in one transaction with the remaining time
 * as each statement's timeout; reads use the database directly. At the deadline no further
 * statement is sent and the transaction rolls back instead of committing, and the answer waits
 * for that, so a 504 always means nothing was written. (A commit already under way when the
 * deadline passes finishes, and its answer is the real one, a little late.)
 */
export function runUnitOfWork<T>(
  services: Services,
  method: string,
  deadline: Deadline,
  deadlineAt: number,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  // A read writes nothing, so it is answered at the deadline even while a statement still runs:
  // the deadline settles the answer itself (one promise; no race against an `abort` listener).
  // It is given `reject` itself, not an arrow around it: see `Deadline.onExpire`.
  if (method === 'GET') {
    return new Promise<T>((resolve, reject) => {
      if (deadline.expired) return reject(new DeadlineExceededError());
      deadline.onExpire = reject;
      work(withDeadline(services.db, deadline)).then(resolve, reject);
    });
  }
  return services.db.transaction(work, { deadline, statementTimeoutMs: Math.max(1, deadlineAt - Date.now()) });
}
