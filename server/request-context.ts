/**
 * The request a piece of work belongs to, handed down explicitly by the HTTP edge: its id (the
 * `X-Request-Id` a client sees, and an error body's `request_id`) goes on every log line written
 * for the request, passed as a field. It is not found through AsyncLocalStorage: that storage's
 * promise hooks cost every promise in the process, about a tenth of a Postgres list read's CPU
 * (decision 0057).
 */
export interface RequestContext {
  requestId: string;
  /**
   * The API route template the request matched (`/blocks/:id`), set by the pipeline once it
   * matched it, so the metrics label needs no second walk of the route table.
   */
  route?: string;
}
