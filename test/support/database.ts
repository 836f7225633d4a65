import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { createPostgresDatabase, type Database } from '../../server/db/db';
import { pgliteParsers, wrapPglite } from '../../server/db/pglite';
import { adminUrl, databaseUrlFor } from './postgres';

/** Which store this test project runs on: `pglite` (default) or `postgres` (TEST_DB=postgres). */
export const testStore = (): 'pglite' | 'postgres' => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite');

/**
 * A fresh, migrated database for one test file: a copy of the run's PGlite template, or a new
 * Postgres database cloned from the run's template and dropped again on close.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  if (testStore() === 'postgres') {
    const template = inject('postgresTemplate');
    if (!template) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `bankflow_test_${randomBytes(6).toString('hex')}`;
    const admin = createPostgresDatabase(adminUrl(), { max: 1 });
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
    await admin.close();
    const url = databaseUrlFor(name);
    const db = createPostgresDatabase(url, { max: 8 });
    return {
      ...db,
      url,
      async close() {
        await db.close();
        const dropper = createPostgresDatabase(adminUrl(), { max: 1 });
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
        await dropper.close();
      },
    };
  }
  const dump = fs.readFileSync(path.join(inject('testDir'), 'pglite.tar.gz'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]), parsers: pgliteParsers });
  return wrapPglite(pglite);
}
