import { z } from 'zod';
import type { AnyTable, Column, ColumnOf, SqlType } from '../../domain/shared/table';

type Scalar<V> = V extends string
  ? z.ZodString
  : V extends number
    ? z.ZodNumber
    : V extends boolean
      ? z.ZodBoolean
      : V extends Date
        ? z.ZodString
        : never;
type WireOf<C> =
  C extends Column<infer V> ? (null extends V ? z.ZodNullable<Scalar<NonNullable<V>>> : Scalar<V>) : never;

function scalar(sql: SqlType): z.ZodString | z.ZodNumber | z.ZodBoolean {
  // A timestamp is written as its ISO text (present.ts `timestamp`).
  switch (sql) {
    case 'text':
    case 'date':
    case 'timestamptz':
      return z.string();
    case 'integer':
    case 'bigint':
      return z.number().int();
    case 'boolean':
      return z.boolean();
    default:
      throw new Error(`a ${sql} column has no one-to-one wire field`);
  }
}

/**
 * The wire fields of columns that the API shows as they are stored (decision 0069): a text or date
 * column a string, a number column an integer, a timestamp its ISO text. A nullable column is
 * `null` on the wire when unset, never left out (decision 0076).
 * Enums, metadata, links and anything computed are the wire schema's own (`extend` them).
 */
export function wireFields<T extends AnyTable, const K extends ColumnOf<T>>(
  table: T,
  columns: readonly K[],
): { [P in K]: WireOf<T['shape'][P]> } {
  const fields: Record<string, z.ZodType> = {};
  for (const name of columns) {
    const column = table.shape[name];
    if (!column) throw new Error(`${table.name} has no column ${name}`);
    const field = scalar(column.sql);
    fields[name] = column.allowsNull ? field.nullable() : field;
  }
  return fields as { [P in K]: WireOf<T['shape'][P]> };
}
