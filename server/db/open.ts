import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { createPostgresDatabase, type Database } from './db';
import { openPglite } from './pglite';
import { lockDataDir } from './lock';
import { pgliteTemplateFor } from './pglite-template';

/**
 * The configured store: Postgres when DATABASE_URL is set, otherwise PGlite in DATA_DIR/pgdata
 * behind a lock file so a second process on the same directory fails fast.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl);
  const lock = lockDataDir(config.dataDir);
  try {
    const pgdata = path.join(config.dataDir, 'pgdata');
    const db = await openPglite(pgdata, pgliteTemplateFor(pgdata));
    const lockFile = path.join(config.dataDir, 'bankflow.lock');
    return {
      ...db,
      // The lock file gone (deleted by hand, the directory unmounted) means another process may open it.
      dataDirHeld: () => fs.existsSync(lockFile),
      async close() {
        try {
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
