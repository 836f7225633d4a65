import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** hono/compress's default threshold: smaller bodies are sent as they are. */
const COMPRESS_THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const NAMES_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/** The part of a header collection these rules read and write (a web `Headers` is one). */
export interface HeaderAccess {
  get(name: string): string | null;
  set(name: string, value: string): void;
}

/** Whether hono/compress would compress this response for a client that asks (its own rules). */
export function mayCompress(method: string, status: number, headers: Pick<HeaderAccess, 'get'>): boolean {
  if (method === 'HEAD' || status === 206) return false;
  if (headers.get('content-encoding') !== null || headers.get('transfer-encoding') !== null) return false;
  const length = headers.get('content-length');
  if (length && Number(length) < COMPRESS_THRESHOLD) return false;
  const type = headers.get('content-type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return false;
  const cacheControl = headers.get('cache-control');
  return !(cacheControl && NO_TRANSFORM.test(cacheControl));
}

/**
 * Adds `Vary: Accept-Encoding` to a response hono/compress may compress, on its own headers, exactly
 * where compress() would. compress() sets it with `c.header()`, which rebuilds a finished response
 * from its body stream: every JSON answer over 1 KB (a list page) then left through a web stream
 * instead of one write (h-perf, docs/benchmarks.md). Run inside compress() (registered after it),
 * so compress() finds the header already there and leaves the response alone unless it compresses.
 */
export function varyOnAcceptEncoding(method: string, status: number, headers: HeaderAccess): void {
  if (!mayCompress(method, status, headers)) return;
  const current = headers.get('vary');
  if (current === '*' || (current && NAMES_ACCEPT_ENCODING.test(current))) return;
  headers.set('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}
