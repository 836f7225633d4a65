/**
 * What the HTTP edge (server/http/edge.ts) knows of a request before any handler runs, handed
 * down explicitly to the API, the payer pages and the dashboard. Its id (the `X-Request-Id` a
 * client sees, and an error body's `request_id`) goes on every log line written for the request,
 * passed as a field. It is not found through AsyncLocalStorage: that storage's promise hooks cost
 * every promise in the process, about a tenth of a Postgres list read's CPU (decision 0057).
 */
export interface RequestContext {
  /** The caller's valid `X-Request-Id`, else its `traceparent`'s trace id, else one of ours. */
  requestId: string;
  /** The client: the socket's address, or behind a trusted proxy the first `X-Forwarded-For` hop. */
  clientAddress: string;
  /** The socket's own address (a proxy's, behind one). */
  socketAddress: string;
  /** Every address `X-Forwarded-For` names, trusted or not (a metrics scrape must allow them all). */
  forwardedFor: readonly string[];
  /** Reached over HTTPS: on our own TLS listener, or at a trusted proxy (`X-Forwarded-Proto`). */
  https: boolean;
  /**
   * The route's template for the metrics label (`/blocks/:id`, `/health/ready`), set by the
   * handler that knows it: the API pipeline once it matched, the page app for its own routes.
   */
  route?: string;
  /** The id of the request log the API pipeline queued for this request (decision 0094's re-send shows it). */
  requestLogId?: string;
}
