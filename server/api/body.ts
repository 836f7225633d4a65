import { DomainError } from '../domain/shared/errors';
import { decodeUtf8 } from './hostile-input';

/** Largest request body accepted (documented in the README): 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Reads a request body as text, refusing (413) once it grows past `max` bytes even when the
 * client lied in Content-Length or streamed it chunked.
 */
export async function readBody(request: Request, max = MAX_BODY_BYTES): Promise<string> {
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
