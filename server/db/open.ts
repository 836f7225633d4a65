import path from 'node:path';
import type { Config } from '../config';
import { createPostgresDatabase, openPglite, type Database } from './db';
import { lockDataDir } from './lock';

/**
 * The configured store: Postgres when DATABASE_URL is set, otherwise PGlite in DATA_DIR/pgdata
 * behind a lock file so a second process on the same directory fails fast.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  if (config.databaseUrl) return createPostgresDatabase(config.databaseUrl);
  const lock = lockDataDir(config.dataDir);
  try {
    const db = await openPglite(path.join(config.dataDir, 'pgdata'));
    return {
      ...db,
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
