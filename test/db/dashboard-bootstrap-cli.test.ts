import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { useCliStore } from '../support/cli-store';
import { startTestServer } from '../support/server';

/**
 * The first dashboard admin: the operator's CLI makes one with a one-time link (no password on the
 * command line), and the sandbox's first start makes one for its bootstrap organisation.
 */
const store = useCliStore('dashboard-users');

describe('npm run cli -- users', () => {
  it('makes an organisation’s first admin and prints a one-time dashboard link', async () => {
    const org = (await store.cli('organisations', 'create', '--name', 'Acme')).json;
    const made = await store.cli('users', 'create-admin', '--organisation', org.id, '--email', 'owner@acme.example');
    expect(made.code).toBe(0);
    expect(made.json).toMatchObject({ email: 'owner@acme.example', role: 'admin' });
    expect(made.json.link).toMatch(/^https:\/\/\S+\/dashboard\/welcome\/[A-Za-z0-9_-]{43}$/);
    const listed = (await store.cli('users', 'list', '--organisation', org.id)).json;
    expect(listed).toEqual([{ id: made.json.id, email: 'owner@acme.example', role: 'admin', totp: false }]);
  }, 60_000);

  it('prints the link on the PUBLIC_URL the server started with on that store, not port 3000 (issue 39)', async () => {
    const org = (await store.cli('organisations', 'create', '--name', 'Gamma')).json;
    const db = await openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR ?? '' });
    const server = await startTestServer({ db, env: { PUBLIC_URL: 'https://pay.gamma.example:8443' } });
    await server.close();
    const made = await store.cli('users', 'create-admin', '--organisation', org.id, '--email', 'owner@gamma.example');
    expect(made.json.link).toMatch(/^https:\/\/pay\.gamma\.example:8443\/dashboard\/welcome\/[A-Za-z0-9_-]{43}$/);
  }, 60_000);

  it('refuses a second account for the same address, a bad address and an unknown organisation', async () => {
    const org = (await store.cli('organisations', 'create', '--name', 'Beta')).json;
    await store.cli('users', 'create-admin', '--organisation', org.id, '--email', 'one@beta.example');
    expect(
      (await store.cli('users', 'create-admin', '--organisation', org.id, '--email', 'ONE@beta.example')).code,
    ).toBe(1);
    expect((await store.cli('users', 'create-admin', '--organisation', org.id, '--email', 'not-an-address')).code).toBe(
      1,
    );
    const unknown = await store.cli(
      'users',
      'create-admin',
      '--organisation',
      'OR00000000000000000000000000',
      '--email',
      'x@y.example',
    );
    expect(unknown.code).toBe(1);
    expect((await store.cli('users', 'create-admin', '--organisation', org.id)).code).toBe(64);
    // Six CLI processes, each starting its own store: as the other CLI tests, more than the default 30 s.
  }, 120_000);
});

describe('sandbox first start', () => {
  it('hands back a one-time sign-in link for the bootstrap organisation’s admin', async () => {
    const server = await startTestServer();
    try {
      const { firstSignInLink } = await server.ready;
      expect(firstSignInLink).toMatch(/^https:\/\/localhost:3000\/dashboard\/welcome\/[A-Za-z0-9_-]{43}$/);
      const token = firstSignInLink!.split('/').pop()!;
      expect(await server.services.dashboardUsers.linkIsLive(server.services.db, token, 'sign_in')).toBe(true);
      const { rows } = await server.services.db.query<{ email: string; role: string }>(
        'SELECT email, role FROM dashboard_users',
      );
      expect(rows).toEqual([{ email: 'admin@sandbox.example', role: 'admin' }]);
    } finally {
      await server.close();
    }
  });
});
