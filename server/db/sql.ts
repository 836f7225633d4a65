/**
 * A tiny helper for building parameterised SQL without string-concatenating values:
 * `p.add(value)` returns the next `$n` placeholder and remembers the value.
 */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Serialises a JavaScript object for a jsonb parameter (both drivers accept JSON text). */
export const json = (value: unknown): string => JSON.stringify(value ?? {});

/** Whether a statement failed on the named unique constraint (both drivers report its name). */
export const isUniqueViolation = (error: unknown, constraint: string): boolean => {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' && e.constraint === constraint;
};
