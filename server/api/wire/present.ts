import { z } from 'zod';

/**
 * What a serializer may hand to `present`: the wire type, where an optional property may also be
 * null (a row's "not set"). Written as an object literal against this type, a property the wire
 * schema does not have is a type error, so nothing undocumented can be sent.
 */
export type Presentable<T> = { [K in keyof T]: undefined extends T[K] ? T[K] | null : T[K] };

/**
 * For sparse objects only (`links`, an event's `details`, a billing request's action-specific
 * keys, and the resources not yet moved to decision 0076): drops null and undefined. A resource's
 * own attributes are all sent, `null` when unset, as an object literal (docs/api-fidelity.md).
 * The wire type comes from the caller's return type (`NoInfer`), never from the value.
 */
export function present<T extends object>(value: Presentable<NoInfer<T>>): T {
  // Most answers have nothing to drop: the literal itself is sent, so no second object is built
  // key by key. (`present` serves every serializer, so a copy's stores could never be specialised
  // to one shape: they were the largest part of serialising a list page, decision 0059.)
  const input = value as Record<string, unknown>;
  for (const key in input) {
    const v = input[key];
    if (v === null || v === undefined) return withoutUnset(input) as T;
  }
  return value as T;
}

// A for…in over the literal's own keys: no [key, value] array per property (every list row
// passes here; Object.entries was the serializers' largest cost, h-perf).
function withoutUnset(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in input) {
    const v = input[key];
    if (v !== null && v !== undefined) out[key] = v;
  }
  return out;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/**
 * ISO 8601 with milliseconds and a zone, as the spec's `<timestamp>`: what `toISOString()` gives,
 * built from the date's fields at under half its cost (a list page writes two per row). Years
 * outside 0–9999 and invalid dates are left to `toISOString()` itself.
 */
export function timestamp(value: Date | string): string {
  const date = value instanceof Date ? value : new Date(value);
  // A row's updated_at is mostly its created_at: the text just made is kept for the next call.
  const ms = date.getTime();
  if (ms === lastMs) return lastText;
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString();
  lastMs = ms;
  lastText =
    `${year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}T` +
    `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}.` +
    `${pad3(date.getUTCMilliseconds())}Z`;
  return lastText;
}
let lastMs = Number.NaN;
let lastText = '';

/** A timestamp that may be unset. */
export const maybeTimestamp = (value: Date | string | null | undefined) => (value ? timestamp(value) : null);

/** `metadata` as responses carry it (a map of strings, `{}` when unset). */
export const metadataWire = z.record(z.string(), z.string());

/** A link to another resource by id. */
export const linkWire = z.string();
