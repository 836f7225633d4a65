import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open';
import { ManualClock } from '../../server/domain/shared/clock';
import { followAttempts, type AttemptLine } from '../../server/domain/webhooks/tail';
import { useCliStore } from '../support/cli-store';
import { CLI_ENTRY, runCli } from '../support/processes';
import { signatureIsValid, startReceiver } from '../support/receiver';
import { startTestServer } from '../support/server';

/** `npm run cli -- webhooks …` as a real process on the store under test, and what `tail` follows. */
const store = useCliStore('webhooks');
const { cli } = store;

describe('npm run cli -- webhooks', () => {
  it('creates an endpoint (secret shown once), lists, disables, enables, rotates and queues a test', async () => {
    const org = (await cli('organisations', 'create', '--name', 'Hooks Ltd')).json;
    const receiver = await startReceiver();
    // The receiver is on 127.0.0.1: refused, unless the operator's sandbox setting allows loopback.
    const internal = await cli('webhooks', 'create', '--organisation', org.id, '--url', receiver.url);
    expect(internal.code).toBe(1);
    expect(internal.stderr).toContain('validation_failed (url: internal_address)');
    const loopback = await runCli(['webhooks', 'create', '--organisation', org.id, '--url', receiver.url, '--json'], {
      ...store.env,
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    });
    const created = { ...loopback, json: JSON.parse(loopback.stdout.trim().split('\n').pop()!) };
    expect(created.code).toBe(0);
    expect(created.json).toMatchObject({ organisation_id: org.id, url: receiver.url, enabled: true });
    expect(created.json.id).toMatch(/^WE[0-9A-Z]{26}$/);
    expect(created.json.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const refused = await cli('webhooks', 'create', '--organisation', org.id, '--url', 'merchant.example');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('validation_failed');
    expect((await cli('webhooks', 'create', '--url', 'https://x.example')).code).toBe(64);

    const listed = (await cli('webhooks', 'list', '--organisation', org.id)).json;
    expect(listed.map((e: { id: string }) => e.id)).toEqual([created.json.id]);
    expect(listed[0].secret_hint).toBe(created.json.secret.slice(0, 4));
    expect(JSON.stringify(listed)).not.toContain(created.json.secret);

    expect((await cli('webhooks', 'disable', created.json.id)).json.enabled).toBe(false);
    expect((await cli('webhooks', 'enable', created.json.id)).json.enabled).toBe(true);
    const rotated = (await cli('webhooks', 'rotate-secret', created.json.id)).json;
    expect(rotated.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated.secret).not.toBe(created.json.secret);
    const test = (await cli('webhooks', 'test', created.json.id)).json;
    expect(test.id).toMatch(/^WB/);
    expect((await cli('webhooks', 'disable', 'WE00000000000000000000000000')).stderr).toContain('resource_not_found');

    // A server on the same store sends the queued test, signed with the secret the CLI printed last.
    const db = await openDatabase({ databaseUrl: store.env.DATABASE_URL, dataDir: store.env.DATA_DIR ?? '' });
    const server = await startTestServer({ db, webhookDelivery: { intervalMs: 0, sender: receiver.sender() } });
    try {
      expect(await server.webhookWorker.runDue()).toBe(1);
      const [request] = receiver.received;
      expect(request!.body.meta.webhook_id).toBe(test.id);
      expect(signatureIsValid(request!.raw, rotated.secret, request!.headers['webhook-signature'])).toBe(true);
    } finally {
      await server.close();
      await receiver.close();
    }
  }, 120_000);

  it('accepts only https endpoint URLs in live', async () => {
    const org = (await cli('organisations', 'create', '--name', 'Live Hooks Ltd')).json;
    const live = (...args: string[]) => runCli([...args, '--json'], { ...store.env, ENVIRONMENT: 'live' });
    const plain = await live('webhooks', 'create', '--organisation', org.id, '--url', 'http://merchant.example/hooks');
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('validation_failed');
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::ffff:10.0.0.1]/',
    ]) {
      const internal = await live('webhooks', 'create', '--organisation', org.id, '--url', url);
      expect(internal.code).toBe(1);
      expect(internal.stderr).toContain('validation_failed (url: internal_address)');
    }
    // Loopback cannot be allowed in live at all: the setting stops the CLI at its configuration.
    const allowed = await runCli(['webhooks', 'list', '--organisation', org.id], {
      ...store.env,
      ENVIRONMENT: 'live',
      WEBHOOK_ALLOW_LOOPBACK: 'true',
    });
    expect(allowed.code).toBe(1);
    expect(allowed.stderr).toContain('WEBHOOK_ALLOW_LOOPBACK');
    const secure = await live(
      'webhooks',
      'create',
      '--organisation',
      org.id,
      '--url',
      'https://merchant.example/hooks',
    );
    expect(secure.code).toBe(0);
    const listed = (await cli('webhooks', 'list', '--organisation', org.id)).json;
    expect(listed.map((e: { url: string }) => e.url)).toEqual(['https://merchant.example/hooks']);
  }, 120_000);

  it('tail follows until stopped', async () => {
    // The built CLI in one process, as `npm run cli` runs it and a terminal's Ctrl-C reaches it.
    const child = spawn(process.execPath, [CLI_ENTRY, 'webhooks', 'tail', '--json'], {
      env: { ...process.env, ...store.env },
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`tail did not start: ${out}`)), 30_000);
      child.stdout.on('data', () => out.includes('"following":true') && (clearTimeout(timer), resolve()));
    });
    const code = await new Promise<number | null>((resolve) => {
      child.once('close', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  }, 60_000);
});

describe('followAttempts (what tail prints)', () => {
  it('yields each attempt once, as it is recorded, for one organisation or all', async () => {
    const clock = new ManualClock('2026-03-01T09:00:00.000Z');
    const receiver = await startReceiver();
    const server = await startTestServer({ clock, webhookDelivery: { intervalMs: 0, sender: receiver.sender() } });
    try {
      const mine = await server.merchant();
      const other = await server.merchant();
      for (const m of [mine, other]) {
        const { endpoint } = await server.services.webhookEndpoints.create(
          server.services.db,
          m.organisationId,
          receiver.url,
        );
        await server.services.webhooks.sendTest(server.services.db, { organisationId: m.organisationId }, endpoint.id);
      }
      const stop = new AbortController();
      const lines: AttemptLine[] = [];
      const following = (async () => {
        for await (const line of followAttempts(server.services.db, {
          organisationId: mine.organisationId,
          since: clock.now(),
          pollMs: 20,
          signal: stop.signal,
        })) {
          lines.push(line);
        }
      })();
      receiver.answer(() => ({ status: 500 }));
      await server.webhookWorker.runDue();
      clock.advance(30_000);
      receiver.answer(() => ({ status: 200 }));
      await server.webhookWorker.runDue();
      for (let i = 0; i < 100 && lines.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      stop.abort();
      await following;
      expect(lines.map((l) => [l.organisation_id, l.attempt, l.successful, l.response_code, l.is_test])).toEqual([
        [mine.organisationId, 1, false, 500, true],
        [mine.organisationId, 2, true, 200, true],
      ]);
    } finally {
      await server.close();
      await receiver.close();
    }
  });
});
