import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Queryable } from '../../server/db/db';
import { col, defineTable, type AnyTable, type SqlType } from '../../server/domain/shared/table';

/** The migrator's own bookkeeping (server/db/migrate.ts creates it before any migration). */
export const schemaMigrationsTable = defineTable('schema_migrations', {
  version: col.integer(),
  name: col.text(),
  applied_at: col.timestamptz(),
});

const isAnyTable = (value: unknown): value is AnyTable =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as AnyTable).name === 'string' &&
  typeof (value as AnyTable).shape === 'object' &&
  Array.isArray((value as AnyTable).columns);

/**
 * Every table declared under server/: each module whose source calls `defineTable(` is imported
 * and its exported declarations collected, so a new owner's table is found without a registry.
 */
export async function declaredTables(root = path.resolve('server')): Promise<AnyTable[]> {
  const files = fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(root, f))
    .filter((f) => fs.readFileSync(f, 'utf8').includes('defineTable('));
  const tables: AnyTable[] = [schemaMigrationsTable];
  for (const file of files) {
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(module)) if (isAnyTable(value)) tables.push(value);
  }
  return tables;
}

const SQL_TYPE_OF_UDT: Record<string, SqlType> = {
  text: 'text',
  int4: 'integer',
  int8: 'bigint',
  bool: 'boolean',
  timestamptz: 'timestamptz',
  date: 'date',
  jsonb: 'jsonb',
  _text: 'text[]',
  bytea: 'bytea',
};

/**
 * How the migrated schema (information_schema.columns, tables of `public`) and the declarations
 * differ: one line per table without a declaration, declaration without a table, column missing on
 * either side, or column of another type or nullability. Empty when they agree.
 */
export async function schemaDifferences(db: Queryable, tables: readonly AnyTable[]): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string; column_name: string; udt_name: string; is_nullable: string }>(
    `SELECT table_name, column_name, udt_name, is_nullable FROM information_schema.columns
     WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
  );
  const live = new Map<string, Map<string, { sql: string; allowsNull: boolean }>>();
  for (const r of rows) {
    if (!live.has(r.table_name)) live.set(r.table_name, new Map());
    live.get(r.table_name)!.set(r.column_name, {
      sql: SQL_TYPE_OF_UDT[r.udt_name] ?? r.udt_name,
      allowsNull: r.is_nullable === 'YES',
    });
  }
  const differences: string[] = [];
  const declared = new Map<string, AnyTable>();
  for (const table of tables) {
    if (declared.has(table.name) && declared.get(table.name) !== table)
      differences.push(`${table.name}: declared twice`);
    declared.set(table.name, table);
  }
  for (const name of live.keys()) if (!declared.has(name)) differences.push(`${name}: table without a declaration`);
  for (const [name, table] of declared) {
    const columns = live.get(name);
    if (!columns) {
      differences.push(`${name}: declared, but no such table`);
      continue;
    }
    for (const [column, spec] of Object.entries(table.shape)) {
      const actual = columns.get(column);
      if (!actual) differences.push(`${name}.${column}: declared, but no such column`);
      else if (actual.sql !== spec.sql) differences.push(`${name}.${column}: declared ${spec.sql}, is ${actual.sql}`);
      else if (actual.allowsNull !== spec.allowsNull)
        differences.push(`${name}.${column}: declared ${spec.allowsNull ? 'NULL' : 'NOT NULL'}, is the other`);
    }
    for (const column of columns.keys())
      if (!(column in table.shape)) differences.push(`${name}.${column}: column without a declaration`);
  }
  return differences;
}
