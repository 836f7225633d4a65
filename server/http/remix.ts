import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import type { ApiReplay } from '../api/replay';
import type { Config } from '../config';
import { invalidUtf8Parameter } from '../domain/shared/text';
import type { Services } from '../container';
import type { PageHandler } from './app';
import { buildForPart, partOf, PARTS } from './remix-parts';

/** What every Remix loader and action receives: the same services the API uses. */
export interface PageLoadContext {
  services: Services;
  config: Config;
  sessionSecret: string;
  /** The request's id (its X-Request-Id): a loader's or action's log lines carry it. */
  requestId: string;
  /** The payer's address (behind a trusted proxy, from X-Forwarded-For): ACH records it. */
  clientAddress?: string;
  /** Set by a drop-in page: the one merchant origin allowed to frame the response. */
  frameAncestor?: string;
  /** The dashboard's re-send of a logged sandbox request through the API, in-process (decision 0094). */
  replayRequest?: ApiReplay;
}

/**
 * How the HTTP layer tells the pages that the address's query is not UTF-8 (issue 40.5). Remix
 * re-encodes every query it hands a loader (it strips `?index`), `%FF` then reads as U+FFFD: only
 * the address as it arrived can tell. Any copy a client sends is dropped first.
 */
export const UNREADABLE_ADDRESS_HEADER = 'x-bankflow-unreadable-address';

/** How the pages tell the HTTP layer a response may be framed; removed before it is sent. */
export const FRAME_ANCESTOR_HEADER = 'x-bankflow-frame-ancestor';

/** Where `npm run build` puts the Remix build (vite.config.ts). */
export const PAGES_BUILD_DIR = path.resolve('build', 'pages');

/**
 * Loads the built Remix app (`npm run build`) and returns a factory of its request handler, or
 * undefined when there is no build (API-only runs such as the API tests).
 */
export async function loadRemixPages(config: Config, sessionSecret: string, buildDir = PAGES_BUILD_DIR) {
  const serverBuildPath = path.join(buildDir, 'server', 'index.js');
  if (!fs.existsSync(serverBuildPath)) return undefined;
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  const { createRequestHandler } = await import('@remix-run/node');
  const whole = createRequestHandler(build, 'production');
  // One route table per part of the app, so a payer page is not matched against the dashboard's.
  const byPart = new Map(PARTS.map((part) => [part, createRequestHandler(buildForPart(build, part), 'production')]));
  return {
    clientAssetsDir: path.join(buildDir, 'client'),
    pages:
      (services: Services, replay?: ApiReplay): PageHandler =>
      async (request, edge) => {
        const context: PageLoadContext = {
          services,
          config,
          replayRequest: replay,
          sessionSecret,
          requestId: edge.requestId,
          clientAddress: edge.clientAddress,
        };
        let url = new URL(request.url);
        request.headers.delete(UNREADABLE_ADDRESS_HEADER);
        if (invalidUtf8Parameter(url.search) !== undefined) {
          request.headers.set(UNREADABLE_ADDRESS_HEADER, '1');
          // A page's own loader never sees such a query (nor could redirect past the refusal): a
          // GET is the root's error page alone, which the home page's route shows and reads nothing for.
          if (request.method === 'GET' || request.method === 'HEAD') {
            url = new URL('/', url);
            request = new Request(url, { method: request.method, headers: request.headers });
          }
        }
        const part = partOf(url.pathname);
        const handle = (part && byPart.get(part)) ?? whole;
        const response = await handle(request, context as never);
        // A drop-in page named the merchant origin that may frame it (app/.server/dropin.ts).
        if (context.frameAncestor) response.headers.set(FRAME_ANCESTOR_HEADER, context.frameAncestor);
        return response;
      },
  };
}
