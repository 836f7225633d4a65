import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testStore } from '../support/database';
import { runCli } from '../support/processes';
import { startTestServer } from '../support/server';
import { ApiClient } from '../support/client';
import { createPostgresDatabase } from '../../server/db/db';

/**
 * The operator CLI, run as a real process against the store under test (a PGlite DATA_DIR, or a
 * fresh Postgres database), and the tokens it makes used against a real server on that store.
 */
let env: Record<string, string>;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  if (testStore() === 'postgres') {
    const db = await createTestDatabase();
    env = { DATABASE_URL: db.url!, LOG_LEVEL: 'silent' };
    cleanup = () => db.close();
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-cli-'));
    env = { DATA_DIR: dir, LOG_LEVEL: 'silent' };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
});
afterAll(() => cleanup?.());

const cli = async (...args: string[]) => {
  const result = await runCli([...args, '--json'], env);
  return {
    ...result,
    /** The command's JSON answer; a failed command fails the test with what it printed. */
    get json() {
      expect(result.code, `cli ${args.join(' ')} exited ${result.code}:\n${result.stderr}`).toBe(0);
      return JSON.parse(result.stdout.trim().split('\n').pop()!);
    },
  };
};

describe('npm run cli', () => {
  it('migrates, creates an organisation, a creditor and tokens, lists, disables and revokes them', async () => {
    expect((await cli('migrate')).code).toBe(0);

    const org = (await cli('organisations', 'create', '--name', 'Acme')).json;
    expect(org.id).toMatch(/^OR/);
    const creditor = (
      await cli('creditors', 'create', '--organisation', org.id, '--name', 'Acme Ltd', '--country', 'GB')
    ).json;
    expect(creditor.id).toMatch(/^CR/);
    expect((await cli('creditors', 'list', '--organisation', org.id)).json.map((c: { id: string }) => c.id)).toEqual([
      creditor.id,
    ]);

    const rw = (await cli('tokens', 'create', '--organisation', org.id, '--scope', 'read_write')).json;
    const ro = (await cli('tokens', 'create', '--organisation', org.id, '--scope', 'read_only', '--name', 'reporting'))
      .json;
    expect(rw.token).toMatch(/^sandbox_[A-Za-z0-9_-]{43}$/);
    expect(ro.scope).toBe('read_only');

    const listed = (await cli('tokens', 'list', '--organisation', org.id)).json;
    expect(listed.map((t: { id: string; status: string }) => [t.id, t.status])).toEqual([
      [rw.id, 'active'],
      [ro.id, 'active'],
    ]);
    // The list shows a hint, never the token.
    expect(JSON.stringify(listed)).not.toContain(rw.token);

    const approved = (await cli('organisations', 'approve', org.id, '--payment-pages', '--custom-payment-pages')).json;
    expect(approved).toMatchObject({
      payment_pages_approved: true,
      white_label_partner: false,
      custom_payment_pages: true,
    });
    expect(
      (await cli('organisations', 'approve', org.id, '--payment-pages', '--revoke')).json.payment_pages_approved,
    ).toBe(false);
    expect((await cli('organisations', 'approve', org.id)).code).toBe(64);

    expect((await cli('tokens', 'disable', rw.id)).json.status).toBe('disabled');
    expect((await cli('tokens', 'revoke', ro.id)).json.status).toBe('revoked');
    const enableRevoked = await cli('tokens', 'enable', ro.id);
    expect(enableRevoked.code).toBe(1);
    expect(enableRevoked.stderr).toContain('enable_failed');

    // The tokens made by the CLI work (or are refused) against a real server on the same store.
    if (testStore() === 'postgres') {
      const server = await startTestServer({ db: createPostgresDatabase(env.DATABASE_URL!) });
      try {
        const client = new ApiClient(server.url);
        expect((await client.withToken(rw.token).get('/blocks')).body.error.errors[0].reason).toBe(
          'access_token_not_active',
        );
        expect((await client.withToken(ro.token).get('/blocks')).body.error.errors[0].reason).toBe(
          'access_token_revoked',
        );
      } finally {
        await server.close();
      }
    }
  }, 120_000);

  it('explains usage errors with exit code 64', async () => {
    const missing = await cli('organisations', 'create');
    expect(missing.code, missing.stderr).toBe(64);
    expect(missing.stderr).toContain('--name');
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(64);
    const scope = await cli('tokens', 'create', '--organisation', 'OR1', '--scope', 'admin');
    expect(scope.code).toBe(64);
  }, 60_000);
});

describe('npm run cli never guesses its store (issue 39)', () => {
  it('refuses, in one line, a DATA_DIR that does not exist or holds no embedded database, making nothing', async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-cli-guess-'));
    try {
      const missing = path.join(parent, 'data');
      // A server on Postgres keeps only its certificate in its data directory.
      const postgresServers = path.join(parent, 'postgres-server-data');
      fs.mkdirSync(path.join(postgresServers, 'tls'), { recursive: true });
      for (const dir of [missing, postgresServers]) {
        const result = await runCli(['tokens', 'list'], { DATA_DIR: dir, LOG_LEVEL: 'silent' });
        expect(result.code).toBe(1);
        expect(result.stdout).not.toContain('No tokens');
        expect(result.stderr.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toMatch(/DATABASE_URL/);
      }
      expect(fs.existsSync(missing)).toBe(false);
      expect(fs.readdirSync(postgresServers)).toEqual(['tls']);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
