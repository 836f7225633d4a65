import { visit } from 'jsonc-parser';
import { DomainError } from '../domain/shared/errors';
import { RESERVED_METADATA_KEYS as RESERVED_KEYS } from '../domain/shared/metadata';
import { isStorableText, printable } from '../domain/shared/text';

export { isStorableText };

/**
 * Input the database or a client cannot take safely, refused at the edge before any route sees
 * it: a NUL or an unpaired surrogate in any string (Postgres refuses such text, so it would be a
 * 500 deep inside a write), a body in another charset than UTF-8 or not valid UTF-8 (it would be
 * read as something the client did not send), and a JSON key given twice in one object (which
 * value wins is the parser's choice, not the client's).
 */

/** Refuses a Content-Type whose charset is anything but UTF-8 (JSON is UTF-8: RFC 8259 § 8.1). */
export function requireUtf8Charset(contentType: string): void {
  for (const param of contentType.split(';').slice(1)) {
    const [name = '', ...rest] = param.split('=');
    if (name.trim().toLowerCase() !== 'charset') continue;
    const charset = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .toLowerCase();
    if (charset !== 'utf-8' && charset !== 'utf8') {
      throw new DomainError('unsupported_media_type', { messageKey: 'reason.unsupported_charset' });
    }
  }
}

/** Decodes the body as strict UTF-8: a broken sequence is refused, never silently replaced. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new DomainError('bad_request', { messageKey: 'reason.invalid_utf8' });
  }
}

/**
 * How deep a JSON body may nest objects and arrays (documented in docs/bad-input.md). The API's
 * deepest documented body is a handful of levels; 32 leaves room and keeps every recursive walk
 * below (the duplicate-key check, zod) far from the stack's limit (issue 41.1).
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests objects and arrays deeper than `max`, found by one loop over the text
 * (never recursion): brackets inside strings do not count. Text that is not JSON is left to the
 * parser; only its brackets are counted.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** Refuses (400) a JSON body deeper than MAX_JSON_DEPTH, before anything parses or walks it. */
export function refuseDeepJson(text: string): void {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    throw new DomainError('bad_request', {
      messageKey: 'reason.json_too_deep',
      params: { max: MAX_JSON_DEPTH },
      metadata: { max_depth: MAX_JSON_DEPTH },
    });
}

const joinPath = (path: readonly (string | number)[]) => path.map(String).join('.');

/** The dotted path of the first key given twice in one object of (valid) JSON text, if any. */
export function findDuplicateKey(text: string): string | undefined {
  const seen: Set<string>[] = [];
  let duplicate: string | undefined;
  visit(text, {
    onObjectBegin() {
      seen.push(new Set());
    },
    onObjectEnd() {
      seen.pop();
    },
    onObjectProperty(property, _offset, _length, _line, _column, pathSupplier) {
      const keys = seen[seen.length - 1];
      if (!keys || duplicate !== undefined) return;
      if (keys.has(property)) duplicate = joinPath([...pathSupplier(), property]);
      keys.add(property);
    },
  });
  return duplicate;
}

/** The dotted path of the first key or string value Postgres could not store, if any. */
export function findUnstorableText(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : joinPath(path);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], [...path, i]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (!isStorableText(key)) return joinPath([...path, printable(key)]);
      const found = findUnstorableText(inner, [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** Throws `invalid_type` naming the field when a parsed body or query holds unstorable text. */
export function refuseUnstorableText(value: unknown): void {
  const field = findUnstorableText(value);
  if (field !== undefined) throw new DomainError('invalid_type', { fields: [{ field, code: 'invalid_characters' }] });
}

/**
 * The dotted path of the first `__proto__`, `constructor` or `prototype` key at any depth, if any.
 * JSON.parse keeps `__proto__` as a plain key, but any later copy of the object (zod's among them)
 * turns it into the object's prototype, so it would vanish quietly or change what the object
 * inherits; the other two are the same machinery by another name (issue 40, defect 1). Refused
 * wherever they appear in a body, as in a query string (query.ts).
 */
export function findReservedKey(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const here = [...path, Array.isArray(value) ? Number(key) : key];
    if (RESERVED_KEYS.includes(key)) return joinPath(here);
    const found = findReservedKey(inner, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function refuseReservedKeys(value: unknown): void {
  const field = findReservedKey(value);
  if (field !== undefined) throw new DomainError('validation_failed', { fields: [{ field, code: 'reserved_key' }] });
}

/** Throws `invalid_type` naming the key when the JSON text gives one key twice in an object. */
export function refuseDuplicateKeys(text: string): void {
  const field = findDuplicateKey(text);
  if (field !== undefined) throw new DomainError('invalid_type', { fields: [{ field, code: 'duplicate_key' }] });
}
