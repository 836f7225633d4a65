/**
 * Turns a query string into a plain object the way the public API's clients encode it:
 * `created_at[gt]=…` becomes `{ created_at: { gt: … } }`, `status=a,b` stays a string (list
 * filters split it themselves). A repeated parameter keeps its last value.
 */
export function parseQuery(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of search) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]$/.exec(rawKey);
    if (nested) {
      const [, parent = '', child = ''] = nested;
      const existing = out[parent];
      const obj = typeof existing === 'object' && existing !== null ? (existing as Record<string, unknown>) : {};
      obj[child] = value;
      out[parent] = obj;
    } else {
      out[rawKey] = value;
    }
  }
  return out;
}
