import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseOrThrow } from '../../server/api/validation';
import { metadataSchema } from '../../server/domain/shared/metadata';
import type { DomainError } from '../../server/domain/shared/errors';

const schema = z.strictObject({
  name: z.string().max(5),
  kind: z.enum(['a', 'b']),
  count: z.number().int().optional(),
  metadata: metadataSchema.optional(),
});

const failure = (value: unknown) => {
  try {
    parseOrThrow(schema, value);
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('expected a failure');
};

describe('classifying schema failures', () => {
  it('wrong JSON types and unknown keys are invalid_type', () => {
    expect(failure({ name: 1, kind: 'a' }).reason).toBe('invalid_type');
    expect(failure({ name: 'x', kind: 3 }).reason).toBe('invalid_type');
    const unknown = failure({ name: 'x', kind: 'a', extra: 1 });
    expect(unknown.reason).toBe('invalid_type');
    expect(unknown.options.fields).toEqual([{ field: 'extra', code: 'unknown_parameter' }]);
  });

  it('missing values, enum misses and limits are validation_failed', () => {
    const missing = failure({});
    expect(missing.reason).toBe('validation_failed');
    expect(missing.options.fields?.map((f) => [f.field, f.code])).toEqual([
      ['name', 'required'],
      ['kind', 'required'],
    ]);
    expect(failure({ name: 'x', kind: 'c' }).options.fields?.[0]).toMatchObject({
      field: 'kind',
      code: 'invalid_choice',
    });
    expect(failure({ name: 'toolong', kind: 'a' }).options.fields?.[0]).toMatchObject({
      code: 'too_long',
      params: { max: 5 },
    });
  });
});

describe('union fields', () => {
  const withAmount = z.strictObject({ amount: z.union([z.number().int(), z.string().regex(/^\d+$/)]) });
  const fail = (value: unknown) => {
    try {
      parseOrThrow(withAmount, value);
    } catch (error) {
      return error as DomainError;
    }
    throw new Error('expected a failure');
  };

  it('reads a missing union value as required (422), a wrong one as invalid_type (400)', () => {
    expect(fail({}).reason).toBe('validation_failed');
    expect(fail({}).options.fields?.[0]).toMatchObject({ field: 'amount', code: 'required' });
    expect(fail({ amount: true }).reason).toBe('invalid_type');
  });
});

describe('metadata rules', () => {
  const meta = (m: unknown) => failure({ name: 'x', kind: 'a', metadata: m });

  it('allows up to 3 keys of 50 characters with values of 500', () => {
    expect(
      parseOrThrow(schema, { name: 'x', kind: 'a', metadata: { a: '1', b: '2', ['k'.repeat(50)]: 'v'.repeat(500) } }),
    ).toBeTruthy();
  });

  it('refuses a 4th key, a long key, a long value as validation_failed', () => {
    expect(meta({ a: '1', b: '2', c: '3', d: '4' }).options.fields?.[0]).toMatchObject({
      field: 'metadata',
      code: 'too_many_keys',
    });
    expect(meta({ ['k'.repeat(51)]: 'v' }).options.fields?.[0]).toMatchObject({ code: 'key_too_long' });
    expect(meta({ a: 'v'.repeat(501) }).options.fields?.[0]).toMatchObject({ field: 'metadata.a', code: 'too_long' });
  });

  it('refuses non-string values as invalid_type', () => {
    expect(meta({ a: 1 }).reason).toBe('invalid_type');
    expect(meta('x').reason).toBe('invalid_type');
  });
});
