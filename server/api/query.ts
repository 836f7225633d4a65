import { DomainError } from '../domain/shared/errors';
import { RESERVED_METADATA_KEYS } from '../domain/shared/metadata';

/**
 * Turns a query string into a plain object the way the public API's clients encode it:
 * `created_at[gt]=…` becomes `{ created_at: { gt: … } }`, `status=a,b` stays a string (list
 * filters split it themselves). A repeated parameter keeps its last value.
 *
 * The objects have no prototype and `__proto__`, `constructor` and `prototype` are refused: a key
 * from the URL written through `out['__proto__']` would change every object of the process.
 */
export function parseQuery(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [rawKey, value] of search) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]$/.exec(rawKey);
    if (nested) {
      const [, parent = '', child = ''] = nested;
      refuseReservedKey(parent, parent);
      refuseReservedKey(child, `${parent}.${child}`);
      const existing = Object.hasOwn(out, parent) ? out[parent] : undefined;
      const obj =
        typeof existing === 'object' && existing !== null
          ? (existing as Record<string, unknown>)
          : (Object.create(null) as Record<string, unknown>);
      obj[child] = value;
      out[parent] = obj;
    } else {
      refuseReservedKey(rawKey, rawKey);
      out[rawKey] = value;
    }
  }
  return out;
}

function refuseReservedKey(key: string, field: string): void {
  if (RESERVED_METADATA_KEYS.includes(key)) {
    throw new DomainError('validation_failed', { fields: [{ field, code: 'reserved_key' }] });
  }
}
