import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';

/** The CLI was not told which store to use and will not guess one: one line to print. */
export class StoreNotFoundError extends Error {}

/**
 * The CLI never makes a store the server does not use: without DATABASE_URL it opens the embedded
 * store in DATA_DIR only if that directory exists and holds one (or is empty, a directory made for
 * it). A missing ./data, or a data directory a server on Postgres keeps its certificate in, is
 * refused rather than answered from a fresh, empty store ("No tokens.").
 */
export function refuseGuessedStore(config: Pick<Config, 'databaseUrl' | 'dataDir'>): void {
  if (config.databaseUrl) return;
  const dir = path.resolve(config.dataDir);
  const how = "set DATABASE_URL to the server's database, or DATA_DIR to the server's data directory";
  if (!fs.existsSync(dir)) throw new StoreNotFoundError(`No store: ${dir} does not exist (${how}).`);
  const entries = fs.readdirSync(dir);
  if (entries.length > 0 && !entries.includes('pgdata'))
    throw new StoreNotFoundError(`No store: ${dir} holds no embedded database (${how}).`);
}
