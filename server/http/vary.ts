import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';

/** hono/compress's default threshold: smaller bodies are sent as they are. */
const COMPRESS_THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const NAMES_ACCEPT_ENCODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Adds `Vary: Accept-Encoding` to a response hono/compress may compress, on its own headers, exactly
 * where compress() would. compress() sets it with `c.header()`, which rebuilds a finished response
 * from its body stream: every JSON answer over 1 KB (a list page) then left through a web stream
 * instead of one write (h-perf, docs/benchmarks.md). Run inside compress() (registered after it),
 * so compress() finds the header already there and leaves the response alone unless it compresses.
 */
export function varyOnAcceptEncoding(method: string, status: number, headers: Headers): void {
  if (method === 'HEAD' || status === 206) return;
  if (headers.has('content-encoding') || headers.has('transfer-encoding')) return;
  const length = headers.get('content-length');
  if (length && Number(length) < COMPRESS_THRESHOLD) return;
  const type = headers.get('content-type');
  if (!type || !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type)) return;
  const cacheControl = headers.get('cache-control');
  if (cacheControl && NO_TRANSFORM.test(cacheControl)) return;
  const current = headers.get('vary');
  if (current === '*' || (current && NAMES_ACCEPT_ENCODING.test(current))) return;
  headers.set('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}
