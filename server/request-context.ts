import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The request a piece of work belongs to. The HTTP edge opens it around every request, so every log
 * line written while serving it (the API, a payer page, a service deep below) carries the same id
 * that the client sees in `X-Request-Id` and in an error body's `request_id`.
 */
export interface RequestContext {
  requestId: string;
  /**
   * The API route template the request matched (`/blocks/:id`), set by the pipeline once it
   * matched it, so the metrics label needs no second walk of the route table.
   */
  route?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runInRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
