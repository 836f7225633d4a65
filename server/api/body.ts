import type { Readable } from 'node:stream';
import { DomainError } from '../domain/shared/errors';
import { decodeUtf8 } from './hostile-input';
import type { ApiRequest } from './exchange';

/** Largest request body accepted (documented in the README): 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body as text, refusing (413) once it grows past `max` bytes even when the
 * client lied in Content-Length or streamed it chunked.
 */
export async function readBody(
  request: Pick<ApiRequest, 'body'>,
  max = MAX_BODY_BYTES,
  incoming?: Readable,
): Promise<string> {
  if (incoming) return decodeUtf8(await readIncoming(incoming, max));
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw new DomainError('request_entity_too_large', { params: { max } });
    }
    chunks.push(value);
  }
  return decodeUtf8(Buffer.concat(chunks));
}

/**
 * The same, straight from node's request stream when the edge has it. Reaching `request.body` of
 * @hono/node-server's lightweight request builds a whole web `Request` and wraps the node stream in
 * web streams first: most of a create's cost in the HTTP layer (h-perf, docs/benchmarks.md). Past
 * `max` it stops listening and leaves the rest to the server, which drains what is left after the
 * answer (as when the web stream was cancelled); it never destroys the socket the 413 goes out on.
 */
function readIncoming(incoming: Readable, max: number): Promise<Buffer> {
  if (incoming.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const on = {
      stop() {
        incoming.off('data', on.data);
        incoming.off('end', on.end);
        incoming.off('error', on.error);
        incoming.off('close', on.close);
      },
      data(chunk: Buffer) {
        size += chunk.byteLength;
        if (size > max) {
          on.stop();
          incoming.pause();
          reject(new DomainError('request_entity_too_large', { params: { max } }));
          return;
        }
        chunks.push(chunk);
      },
      end() {
        on.stop();
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
      },
      error(error: Error) {
        on.stop();
        reject(error);
      },
      // Closed before its end: the client went away mid-body.
      close() {
        on.error(new Error('request body aborted'));
      },
    };
    incoming.on('data', on.data);
    incoming.on('end', on.end);
    incoming.on('error', on.error);
    incoming.on('close', on.close);
  });
}

/**
 * Whether a request's Content-Encoding is one we do not decode: anything but `identity`. Such a
 * body read as plain would be another request than the one sent, so it is refused (415).
 */
export function isUndecodedEncoding(contentEncoding: string | null | undefined): boolean {
  if (contentEncoding === null || contentEncoding === undefined) return false;
  return !contentEncoding.split(',').every((coding) => coding.trim().toLowerCase() === 'identity');
}

/** Media types the API reads and writes. */
export const JSON_TYPES = ['application/json', 'application/vnd.api+json'];

/** Whether an Accept header admits one of our JSON types (q > 0), including wildcards. */
export function acceptsJson(accept: string | null): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number.parseFloat(q.slice(2)) > 0)) return false;
    const type = range.trim();
    return type === '*/*' || type === 'application/*' || JSON_TYPES.includes(type);
  });
}

export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return JSON_TYPES.includes(type);
}
