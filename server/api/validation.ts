import type { z } from 'zod';
import { DomainError, type FieldIssue } from '../domain/shared/errors';

type Issue = z.core.$ZodIssue & { input?: unknown; params?: Record<string, string | number> };

const jsonType = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'object' ? 'object' : typeof value;

const joinPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * A wrong JSON type or an unknown parameter is `invalid_type` (400): the request is malformed.
 * A missing required value, a value outside an enum, a length or range breach, or a custom rule is
 * `validation_failed` (422): well-formed but invalid data.
 */
function isTypeIssue(issue: Issue): boolean {
  if (issue.code === 'unrecognized_keys') return true;
  // A union (an amount as a number or a digit string) that got nothing is a missing value.
  if (issue.code === 'invalid_union') return issue.input !== undefined;
  if (issue.code === 'invalid_type') return issue.input !== undefined;
  if (issue.code === 'invalid_value') {
    const first = issue.values[0];
    return issue.input !== undefined && jsonType(issue.input) !== jsonType(first);
  }
  return false;
}

function typeIssues(issue: Issue): FieldIssue[] {
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((key) => ({ field: joinPath([...issue.path, key]), code: 'unknown_parameter' }));
  }
  const expected =
    issue.code === 'invalid_type' ? issue.expected : issue.code === 'invalid_value' ? 'string' : 'valid value';
  return [{ field: joinPath(issue.path), code: 'wrong_type', params: { expected } }];
}

function ruleIssue(issue: Issue): FieldIssue {
  const field = joinPath(issue.path);
  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_union':
      return { field, code: 'required' };
    case 'invalid_value':
      return issue.input === undefined
        ? { field, code: 'required' }
        : { field, code: 'invalid_choice', params: { values: issue.values.map(String).join(', ') } };
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return { field, code: 'too_long', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { field, code: 'too_many', params: { max } };
      return { field, code: 'too_large', params: { max } };
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string')
        return min <= 1 ? { field, code: 'blank' } : { field, code: 'too_short', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { field, code: 'too_few', params: { min } };
      return { field, code: 'too_small', params: { min } };
    }
    case 'invalid_format':
      return {
        field,
        code:
          issue.format === 'date'
            ? 'invalid_date'
            : issue.format === 'datetime'
              ? 'invalid_timestamp'
              : 'invalid_format',
      };
    case 'not_multiple_of':
      return { field, code: 'not_integer' };
    case 'custom':
      // Custom rules put their catalogue key in `message` and its parameters in `params`.
      return { field, code: issue.message, params: issue.params };
    default:
      return { field, code: 'invalid' };
  }
}

export function zodError(issues: readonly z.core.$ZodIssue[]): DomainError {
  const all = issues as Issue[];
  const types = all.filter(isTypeIssue);
  if (types.length) return new DomainError('invalid_type', { fields: types.flatMap(typeIssues) });
  return new DomainError('validation_failed', { fields: all.map(ruleIssue) });
}

/** Parses with `schema`, throwing the classified `DomainError` on failure. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { reportInput: true });
  if (!result.success) throw zodError(result.error.issues);
  return result.data;
}
