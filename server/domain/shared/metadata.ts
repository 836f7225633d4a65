import { z } from 'zod';

/** Spec limits: at most 3 keys, key names up to 50 characters, values up to 500 characters. */
export const METADATA_LIMITS = { maxKeys: 3, maxKeyLength: 50, maxValueLength: 500 } as const;

export type Metadata = Record<string, string>;

/**
 * Key names that are an object's machinery in JavaScript: a merchant's `__proto__` could change
 * what every later reader of the metadata sees, so they are refused rather than stored.
 */
export const RESERVED_METADATA_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * Wrong JSON types (a number as a value) are `invalid_type`; breaking the limits is a
 * `validation_failed` issue (`custom` code), so the API can tell the two apart.
 */
export const metadataSchema = z.record(z.string(), z.string()).superRefine((value, ctx) => {
  const keys = Object.keys(value);
  if (keys.length > METADATA_LIMITS.maxKeys) {
    ctx.addIssue({ code: 'custom', message: 'too_many_keys', params: { max: METADATA_LIMITS.maxKeys } });
  }
  for (const key of keys) {
    if (RESERVED_METADATA_KEYS.includes(key)) {
      ctx.addIssue({ code: 'custom', path: [key], message: 'reserved_key' });
    }
    if (key.length > METADATA_LIMITS.maxKeyLength) {
      ctx.addIssue({ code: 'custom', message: 'key_too_long', params: { max: METADATA_LIMITS.maxKeyLength } });
    }
    if ((value[key] ?? '').length > METADATA_LIMITS.maxValueLength) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'too_long',
        params: { max: METADATA_LIMITS.maxValueLength },
      });
    }
  }
});
