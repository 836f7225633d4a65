import type { Readable } from 'node:stream';
import type { RequestContext } from '../request-context';

/**
 * What the API pipeline reads of a request and what it answers, free of any HTTP library: the edge
 * (server/http/edge.ts) builds the request from node's own objects and writes the answer straight
 * to node's response; a web `Request` satisfies `ApiRequest` too, for the page app's catch-all.
 * Neither side builds undici's `Request`/`Headers`/`Response` per API call (decision 0055).
 */
export interface ApiRequest {
  readonly method: string;
  /** An absolute URL (only its path and query are read). */
  readonly url: string;
  /**
   * The path and query as a URL parser would give them, when the edge already has them (`search`
   * with its `?`, or empty): the pipeline then parses no URL.
   */
  readonly target?: { pathname: string; search: string };
  readonly headers: { get(name: string): string | null; has(name: string): boolean };
  /** A web body, read only when the edge passes no node stream (`ConnectionInfo.body`). */
  readonly body?: ReadableStream<Uint8Array> | null;
}

export interface ConnectionInfo {
  /**
   * The edge's request context: the id it answers with in `X-Request-Id`, the client's address,
   * whether it came over HTTPS; the pipeline sets the route it matched (for the metrics label).
   */
  context: RequestContext;
  /** The body as node's request stream, when the edge has it (read without web streams: body.ts). */
  body?: Readable;
  /**
   * Set only in-process, never by the edge: the request is the dashboard's re-send of a logged
   * sandbox request (decision 0094), made with the identity of the token that sent it first.
   */
  replayAs?: { tokenId: string };
}

/** A finished answer: its headers are lower-case names, its body the whole text (or none). */
export interface ApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export function jsonAnswer(status: number, body: unknown, headers: Record<string, string>): ApiAnswer {
  if (body === undefined) return { status, headers, body: null };
  const text = JSON.stringify(body);
  headers['content-type'] = 'application/json; charset=utf-8';
  headers['content-length'] = String(Buffer.byteLength(text));
  return { status, headers, body: text };
}

/** A file as the answer's body (a bank submission's text file), named for saving. */
export function fileAnswer(
  file: { text: string; contentType: string; fileName: string },
  headers: Record<string, string>,
): ApiAnswer {
  headers['content-type'] = file.contentType;
  headers['content-disposition'] = `attachment; filename="${file.fileName}"`;
  headers['content-length'] = String(Buffer.byteLength(file.text));
  headers['x-content-type-options'] = 'nosniff';
  return { status: 200, headers, body: file.text };
}

/** The answer as a web `Response`, for callers that speak fetch (the page app's fallback). */
export const toWebResponse = (answer: ApiAnswer): Response =>
  new Response(answer.body, { status: answer.status, headers: answer.headers });
