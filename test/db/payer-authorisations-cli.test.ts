import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testStore } from '../support/database';
import { runCli } from '../support/processes';

/** The operator's switch for payer authorisations, run as a real CLI process against the store under test. */
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testStore() === 'postgres') {
    const db = await createTestDatabase();
    env = { DATABASE_URL: db.url!, LOG_LEVEL: 'silent' };
    cleanup = () => db.close();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-pa-cli-'));
    env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => cleanup?.());

const cli = async (...args: string[]) => {
  const result = await runCli([...args, '--json'], env);
  return { ...result, json: () => JSON.parse(result.stdout.trim().split('\n').pop()!) };
};

describe('npm run cli -- payer-authorisations', () => {
  it('is closed by default, opens and closes per organisation, and refuses an unknown one', async () => {
    const org = (await cli('organisations', 'create', '--name', 'Legacy')).json();
    const status = await cli('payer-authorisations', 'status', org.id);
    expect(status.code, status.stderr).toBe(0);
    expect(status.json()).toEqual({ organisation: org.id, open: false });
    expect((await cli('payer-authorisations', 'open', org.id)).json()).toEqual({ organisation: org.id, open: true });
    expect((await cli('payer-authorisations', 'open', org.id)).json().open).toBe(true);
    expect((await cli('payer-authorisations', 'close', org.id)).json()).toEqual({ organisation: org.id, open: false });
    const unknown = await cli('payer-authorisations', 'open', 'OR00000000000000000000000000');
    expect(unknown.code).toBe(64);
    expect((await cli('payer-authorisations', 'frobnicate', org.id)).code).toBe(64);
  }, 120_000);
});
