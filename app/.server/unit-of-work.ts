import type { AppLoadContext } from '@remix-run/node';
import type { Queryable } from '../../server/db/db';

/**
 * The payer pages are an edge like the API: each step that changes something is ONE unit of work,
 * opened here and handed to the services as `tx`; it commits when `work` returns and rolls back
 * when it throws. Reads pass `context.services.db` directly.
 */
export function inUnitOfWork<T>(context: AppLoadContext, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return context.services.db.transaction(work);
}
