import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/db';
import type { AnyTable } from '../../server/domain/shared/table';
import { createTestDatabase } from '../support/database';
import { declaredTables, schemaDifferences } from '../support/table-declarations';

/**
 * Each table is declared once, beside its owner's queries (decision 0069), and its Row type and
 * column lists derive from that declaration: so the declaration must be the migrated schema,
 * column for column, on each store.
 */
let db: Database;
let tables: AnyTable[];

beforeAll(async () => {
  db = await createTestDatabase();
  tables = await declaredTables();
});
afterAll(() => db?.close());

describe('the table declarations', () => {
  it('are the migrated schema: every table declared, each column’s name, type and nullability', async () => {
    expect(await schemaDifferences(db, tables)).toEqual([]);
  });

  it('tell a migration that changed a column, added one or added a table from its declaration', async () => {
    await db.exec(`
      ALTER TABLE refunds ALTER COLUMN reference SET NOT NULL;
      ALTER TABLE refunds ALTER COLUMN amount TYPE integer;
      ALTER TABLE refunds ADD COLUMN reason text;
      ALTER TABLE customers DROP COLUMN region;
      CREATE TABLE undeclared_things (id text PRIMARY KEY);
    `);
    expect((await schemaDifferences(db, tables)).sort()).toEqual(
      [
        'customers.region: declared, but no such column',
        'refunds.amount: declared bigint, is integer',
        'refunds.reason: column without a declaration',
        'refunds.reference: declared NULL, is the other',
        'undeclared_things: table without a declaration',
      ].sort(),
    );
  });
});
