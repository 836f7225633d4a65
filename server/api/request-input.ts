import type { Readable } from 'node:stream';
import { z } from 'zod';
import { DomainError, isDomainError } from '../domain/shared/errors';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '../domain/idempotency/service';
import { invalidUtf8Parameter, printable } from '../domain/shared/text';
import { isJsonContentType, isUndecodedEncoding, MAX_BODY_BYTES, readBody } from './body';
import {
  refuseDeepJson,
  refuseDuplicateKeys,
  refuseReservedKeys,
  refuseUnstorableText,
  requireUtf8Charset,
} from './hostile-input';
import { parseQuery } from './query';
import type { RouteDef } from './route';
import type { ApiRequest } from './exchange';
import { parseOrThrow } from './validation';

/** The pipeline's body, query and idempotency-key checks (see pipeline.ts for their order). */
type AnyRoute = RouteDef<any, any>;

/**
 * What a route without a body or query schema accepts: nothing. One schema for all of them — zod
 * compiles a schema on its first parse, so one made per request was compiled per request.
 */
const NOTHING = z.strictObject({});

const hasBody = (request: ApiRequest) =>
  request.headers.has('transfer-encoding') || Number(request.headers.get('content-length') ?? '0') > 0;

/**
 * Body rules: none on GET/DELETE; JSON with a Content-Length and under the size limit on
 * POST/PUT; then the resource wrapper, and the route's strict schema for what is inside it.
 * Returns the parsed object and the JSON pointer of its wrapper (for error pointers). The whole
 * document goes on `seen.requestBody` as soon as it parses, so the request log keeps a body that
 * the schema then refuses.
 */
export async function readRequestBody(
  request: ApiRequest,
  method: string,
  route: AnyRoute,
  incoming: Readable | undefined,
  seen: { requestBody: unknown },
): Promise<{ body: unknown; pointerBase: string }> {
  if (method === 'GET' || method === 'DELETE') {
    if (hasBody(request)) throw new DomainError('request_body_not_allowed');
    return { body: undefined, pointerBase: '' };
  }
  refuseContentEncoding(request);
  const contentType = request.headers.get('content-type');
  if (!contentType) throw new DomainError('invalid_content_type');
  if (!isJsonContentType(contentType)) throw new DomainError('unsupported_media_type');
  requireUtf8Charset(contentType);
  const length = request.headers.get('content-length');
  if (length === null) throw new DomainError('length_required');
  if (!/^\d+$/.test(length)) throw new DomainError('bad_request');
  if (Number(length) > MAX_BODY_BYTES)
    throw new DomainError('request_entity_too_large', { params: { max: MAX_BODY_BYTES } });

  const text = await readBody(request, MAX_BODY_BYTES, incoming);
  // Before any parse or walk: the duplicate-key check recurses once per level (issue 41.1).
  refuseDeepJson(text);
  let document: unknown;
  if (text.trim() === '') {
    document = undefined;
  } else {
    try {
      document = JSON.parse(text);
    } catch {
      throw new DomainError('bad_request');
    }
  }
  seen.requestBody = document;

  const { inner, wrapper } = unwrap(document, route);
  refuseHostileText(() => {
    refuseDuplicateKeys(text);
    refuseUnstorableText(document);
    refuseReservedKeys(document);
  }, wrapper);
  const schema = route.body ?? NOTHING;
  const body = parseOrThrowAt(schema, inner ?? {}, wrapper);
  return { body, pointerBase: `/${wrapper}` };
}

/** We decode no Content-Encoding (RFC 9110 § 15.5.16: 415): see isUndecodedEncoding. */
function refuseContentEncoding(request: ApiRequest): void {
  if (isUndecodedEncoding(request.headers.get('content-encoding')))
    throw new DomainError('unsupported_media_type', { messageKey: 'reason.unsupported_content_encoding' });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const wrongStructure = (route: AnyRoute) =>
  new DomainError('invalid_document_structure', { params: { key: route.resourceKey } });

/** Finds the resource object in the document, refusing anything at the top level beside it. */
function unwrap(document: unknown, route: AnyRoute): { inner: unknown; wrapper: string } {
  if (route.kind === 'action') {
    if (document === undefined) return { inner: {}, wrapper: 'data' };
    if (!isObject(document)) throw wrongStructure(route);
    const keys = Object.keys(document);
    if (keys.length === 0) return { inner: {}, wrapper: 'data' };
    const allowed = ['data', ...(route.bodyKeys ?? [])];
    if (keys.length !== 1 || !allowed.includes(keys[0]!)) throw wrongStructure(route);
    const inner = document[keys[0]!];
    if (inner !== null && !isObject(inner)) throw wrongStructure(route);
    return { inner: inner ?? {}, wrapper: keys[0]! };
  }

  if (!isObject(document)) throw wrongStructure(route);
  const keys = Object.keys(document);
  if (keys.length !== 1 || keys[0] !== route.resourceKey || !isObject(document[route.resourceKey]))
    throw wrongStructure(route);
  return { inner: document[route.resourceKey], wrapper: route.resourceKey };
}

/** Runs the hostile-input checks, naming fields inside the wrapper as the route's own errors do. */
function refuseHostileText(check: () => void, wrapper: string): void {
  try {
    check();
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const fields = error.options.fields?.map((f) =>
      f.field.startsWith(`${wrapper}.`) ? { ...f, field: f.field.slice(wrapper.length + 1) } : f,
    );
    const inside = fields?.every((f, i) => f.field !== error.options.fields?.[i]?.field);
    const refused = new DomainError(error.reason, { ...error.options, fields });
    if (inside) (refused as DomainError & { pointerBase?: string }).pointerBase = `/${wrapper}`;
    throw refused;
  }
}

function parseOrThrowAt(schema: z.ZodType, value: unknown, wrapper: string): unknown {
  try {
    return parseOrThrow(schema, value);
  } catch (error) {
    if (isDomainError(error)) (error as DomainError & { pointerBase?: string }).pointerBase = `/${wrapper}`;
    throw error;
  }
}

export function readQuery(url: { search: string }, route: AnyRoute): unknown {
  if (!route.query && url.search === '') return {};
  const schema = route.query ?? NOTHING;
  // Before URLSearchParams, which would decode `%FF` to U+FFFD and hand us text never sent.
  const invalid = invalidUtf8Parameter(url.search);
  if (invalid !== undefined)
    throw new DomainError('invalid_type', { fields: [{ field: printable(invalid), code: 'invalid_utf8' }] });
  const query = parseQuery(new URLSearchParams(url.search));
  refuseUnstorableText(query);
  return parseOrThrow(schema, query);
}

export function readIdempotencyKey(request: ApiRequest, method: string): string | undefined {
  if (method !== 'POST') return undefined;
  const key = request.headers.get('idempotency-key');
  if (key === null || key === '') return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw new DomainError('idempotency_key_too_long', { params: { max: IDEMPOTENCY_KEY_MAX_LENGTH } });
  }
  return key;
}
