import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';
import type { ApiAnswer } from '../api/exchange';
import { mayCompress, varyOnAcceptEncoding } from './vary';

const gzip = promisify(zlib.gzip);
const deflate = promisify(zlib.deflate);
const ENCODINGS = ['gzip', 'deflate'] as const;

/**
 * hono/compress's choice, for the API edge that answers without Hono: the first of gzip and
 * deflate the client accepts with q=1, else the one with the highest q above 0 (a `*` counts for
 * both). None: undefined.
 */
export function selectEncoding(accepted: string | null): (typeof ENCODINGS)[number] | undefined {
  if (!accepted) return undefined;
  const accepts = parseAccept(accepted);
  const wildcard = accepts.find((a) => a.type === '*')?.q;
  let best: { encoding: (typeof ENCODINGS)[number]; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const explicit = accepts.find((a) => a.type.toLowerCase() === encoding);
    const q = explicit ? explicit.q : (wildcard ?? 0);
    if (q === 1) return encoding;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

/** An answer's header record read and written as `vary.ts` reads a `Headers`. */
class AnswerHeaders {
  constructor(private readonly headers: Record<string, string>) {}
  get(name: string): string | null {
    return this.headers[name] ?? null;
  }
  set(name: string, value: string): void {
    this.headers[name] = value;
  }
}

/**
 * What hono/compress did to an API answer, on the answer itself: `Vary: Accept-Encoding` on any
 * answer it could compress (JSON of 1 KB or more), and the body compressed when the client asks.
 * Compression runs on libuv's threads, as CompressionStream's did. Returns the body to send: a
 * promise only when it compresses, so an answer sent as it is waits for no extra turn.
 */
export function compressAnswer(
  method: string,
  answer: ApiAnswer,
  acceptEncoding: string | null,
): string | null | Promise<Buffer> {
  const { headers, body } = answer;
  if (body === null) return null;
  const access = new AnswerHeaders(headers);
  if (!mayCompress(method, answer.status, access)) return body;
  varyOnAcceptEncoding(method, answer.status, access);
  const encoding = selectEncoding(acceptEncoding);
  if (!encoding) return body;
  return (encoding === 'gzip' ? gzip : deflate)(body).then((compressed) => {
    headers['content-encoding'] = encoding;
    headers['content-length'] = String(compressed.length);
    return compressed;
  });
}
