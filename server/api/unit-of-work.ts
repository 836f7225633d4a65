import type { Services } from '../container';
import { DeadlineExceededError, withSignal, type Queryable } from '../db/db';
import type { RouteDef } from './route';

type AnyRoute = RouteDef<any, any>;

/**
 * MIGRATION ONLY (issue #12): resources whose services still open their own transaction. Such a
 * service must not run inside the edge's transaction (PGlite has one connection: it would wait on
 * itself). Each resource leaves this list when its services take `tx`; the list then goes.
 */
const LEGACY_OWN_TRANSACTION = new Set([
  'Bank authorisations',
  'Billing request flows',
  'Billing requests',
  'Creditors',
  'Customer bank accounts',
  'Events',
  'Instalment schedules',
  'Institutions',
  'Mandates',
  'Payments',
  'Scenario simulators',
  'Subscriptions',
  'Webhooks',
]);

/**
 * The edge owns the request's unit of work. Writes run in one transaction with the remaining time
 * as each statement's timeout; reads use the database directly. At the deadline the signal aborts:
 * no further statement is sent and the transaction rolls back instead of committing, and the answer
 * waits for that, so a 504 always means nothing was written. (A commit already under way when the
 * deadline passes finishes, and its answer is the real one, a little late.)
 */
export async function runUnitOfWork<T>(
  services: Services,
  route: AnyRoute,
  method: string,
  signal: AbortSignal,
  deadline: number,
  work: (tx: Queryable) => Promise<T>,
): Promise<T> {
  // A read writes nothing, so it may be answered at the deadline while a statement still runs.
  // (Legacy routes keep the race they had until their services take the transaction.)
  if (method === 'GET' || LEGACY_OWN_TRANSACTION.has(route.tag)) {
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
