/** ISO 8601 with milliseconds and a zone, as the spec's `<timestamp>`. */
export const timestamp = (value: Date | string): string => new Date(value).toISOString();

/** Optional properties are omitted entirely when unused (spec conventions): drop null/undefined. */
export function compact<T extends Record<string, unknown>>(
  value: T,
): { [K in keyof T]: Exclude<T[K], null | undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) if (v !== null && v !== undefined) out[key] = v;
  return out as { [K in keyof T]: Exclude<T[K], null | undefined> };
}

/** `links` objects keep only the links that are set. */
export const links = (value: Record<string, string | null | undefined>) => compact(value) as Record<string, string>;
