import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  col,
  columnList,
  columnsExcept,
  defineTable,
  insertInto,
  type ColumnOf,
  type RowOf,
} from '../../server/domain/shared/table';

/** One declaration per table (decision 0069): what derives from it, in types and in SQL. */
const things = defineTable(
  'things',
  {
    id: col.text(),
    status: col.text<'new' | 'done'>(),
    amount: col.bigint(),
    note: col.text().nullable(),
    metadata: col.jsonb<Record<string, string>>(),
    extra: col.jsonb<{ a: number }>().nullable(),
    tags: col.textArray(),
    due: col.date().nullable(),
    created_at: col.timestamptz(),
  },
  'thing_list',
);

describe('a declared table', () => {
  it('names its columns in the declaration’s order, with its SQL types and nullability', () => {
    expect(things.name).toBe('things');
    expect(things.resource).toBe('thing_list');
    expect(things.columns).toEqual([
      'id',
      'status',
      'amount',
      'note',
      'metadata',
      'extra',
      'tags',
      'due',
      'created_at',
    ]);
    expect(things.shape.amount).toMatchObject({ sql: 'bigint', allowsNull: false });
    expect(things.shape.note).toMatchObject({ sql: 'text', allowsNull: true });
    expect(things.shape.tags.sql).toBe('text[]');
    expect(Object.isFrozen(things) && Object.isFrozen(things.columns)).toBe(true);
  });

  it('gives the Row type the drivers return', () => {
    expectTypeOf<RowOf<typeof things>>().toEqualTypeOf<{
      id: string;
      status: 'new' | 'done';
      amount: number;
      note: string | null;
      metadata: Record<string, string>;
      extra: { a: number } | null;
      tags: string[];
      due: string | null;
      created_at: Date;
    }>();
    expectTypeOf<ColumnOf<typeof things>>().toEqualTypeOf<
      'id' | 'status' | 'amount' | 'note' | 'metadata' | 'extra' | 'tags' | 'due' | 'created_at'
    >();
  });

  it('builds an INSERT once, and a row’s values in its order with jsonb as JSON text', () => {
    const insert = insertInto(things, ['id', 'status', 'metadata', 'extra', 'note']);
    expect(insert.text).toBe(
      'INSERT INTO things (id, status, metadata, extra, note) VALUES ($1, $2, $3, $4, $5) RETURNING *',
    );
    expect(insert.values({ id: 'T1', status: 'new', metadata: { k: 'v' }, extra: null, note: null })).toEqual([
      'T1',
      'new',
      '{"k":"v"}',
      null,
      null,
    ]);
    expect(insertInto(things, ['id'], 'ON CONFLICT DO NOTHING').text).toBe(
      'INSERT INTO things (id) VALUES ($1) ON CONFLICT DO NOTHING',
    );
    expect(insertInto(things, ['id'], '').text).toBe('INSERT INTO things (id) VALUES ($1)');
  });

  it('lists columns for a SELECT, and refuses one it does not declare', () => {
    expect(columnList(things, ['id', 'note'])).toBe('id, note');
    expect(columnsExcept(things, ['metadata', 'extra', 'tags'])).toEqual([
      'id',
      'status',
      'amount',
      'note',
      'due',
      'created_at',
    ]);
    // @ts-expect-error: not a column of things
    expect(() => columnList(things, ['id', 'colour'])).toThrow(/things has no column colour/);
  });
});
