import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, testStore } from './database';
import { runCli } from './processes';

/**
 * A store of its own for a test file that runs the CLI as a real process: a fresh Postgres
 * database in the postgres project, a PGlite data directory otherwise (which only one process may
 * hold at a time). `env` is what a process needs to open it; `cli` runs one command with `--json`.
 */
export function useCliStore(name: string) {
  const store = { env: {} as Record<string, string> };
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (testStore() === 'postgres') {
      const db = await createTestDatabase();
      store.env = { DATABASE_URL: db.url!, LOG_LEVEL: 'silent' };
      cleanup = () => db.close();
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bankflow-${name}-cli-`));
      store.env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
      cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(() => cleanup?.());

  /** Runs `npm run cli -- …args --json`; `json` is the last line of a successful run, parsed. */
  const cli = async (...args: string[]) => {
    const result = await runCli([...args, '--json'], store.env);
    return { ...result, json: result.code === 0 ? JSON.parse(result.stdout.trim().split('\n').pop()!) : undefined };
  };
  return Object.assign(store, { cli });
}
