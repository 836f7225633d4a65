import type { ApiReplay } from '../../server/api/replay';
import type { Config } from '../../server/config';
import type { Services } from '../../server/container';

/**
 * The only bridge from app/ into server/: loaders and actions take the services the server built
 * (the same ones the API uses) from the load context (server/http/remix.ts fills it). Type-only
 * imports keep server code out of anything sent to a browser.
 */
declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    services: Services;
    config: Config;
    sessionSecret: string;
    /** The request's id (its X-Request-Id): put it on any log line a loader or action writes. */
    requestId: string;
    /** The payer's address (behind a trusted proxy, from X-Forwarded-For): ACH records it. */
    clientAddress?: string;
    /**
     * Set by a drop-in page: the merchant origin allowed to frame this response (server/http/remix.ts
     * turns it into the response's frame-ancestors). Unset, the page may not be framed.
     */
    frameAncestor?: string;
    /**
     * Set by an action that refused the form: the page shown again with its messages then has a
     * title starting "Error: " (GOV.UK), read by the loaders that run after it in this request.
     */
    formRefused?: boolean;
    /**
     * Sends a logged sandbox request again through the API pipeline, in-process, as the token that
     * sent it (decision 0094; the dashboard's request page). Unset when no server built it.
     */
    replayRequest?: ApiReplay;
  }
}
