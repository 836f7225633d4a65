import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { runCli, runServer, startServerProcess } from '../support/processes';

/**
 * PGlite neither locks its data directory nor fsyncs: a second process on the same DATA_DIR must
 * be refused with a clear error instead of corrupting it. Real processes, real data directory.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-lock-'));
const env = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the DATA_DIR lock', () => {
  it('lets one process own a data directory and refuses a second server or CLI with a clear error', async () => {
    const org = JSON.parse((await runCli(['organisations', 'create', '--name', 'Lock Ltd', '--json'], env)).stdout);
    const token = JSON.parse((await runCli(['tokens', 'create', '--organisation', org.id, '--json'], env)).stdout)
      .token as string;

    const server = await startServerProcess(env);
    try {
      expect((await new ApiClient(server.url, token).get('/blocks')).status).toBe(200);

      const second = await runServer(env);
      expect(second.code).toBe(1);
      expect(second.stderr).toMatch(/DATA_DIR .* is in use by process \d+/);

      const cli = await runCli(['organisations', 'list'], env);
      expect(cli.code).toBe(1);
      expect(cli.stderr).toMatch(/which the running server \(process \d+\) holds/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    expect(fs.existsSync(path.join(dir, 'bankflow.lock'))).toBe(false);
    // Released on shutdown: the CLI may use the directory again and sees what the server saw.
    const list = await runCli(['organisations', 'list', '--json'], env);
    expect(list.code).toBe(0);
    expect(JSON.parse(list.stdout).map((o: { id: string }) => o.id)).toContain(org.id);
  }, 120_000);

  it('takes over a lock left by a process that no longer exists', async () => {
    fs.writeFileSync(path.join(dir, 'bankflow.lock'), '999999');
    const list = await runCli(['organisations', 'list'], env);
    expect(list.code).toBe(0);
  }, 60_000);
});

describe('the DATA_DIR lock after a crash (issue 17, defect 8)', () => {
  const lockFile = () => path.join(dir, 'bankflow.lock');
  const bootId = fs.existsSync('/proc/sys/kernel/random/boot_id')
    ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    : undefined;

  it('takes over a lock whose PID now belongs to another, live process (PID reused after a crash)', async () => {
    // A live process that is not the owner: same PID as in the lock file, different start time.
    const squatter = spawn('sleep', ['60']);
    try {
      await new Promise((resolve) => squatter.once('spawn', resolve));
      fs.writeFileSync(lockFile(), JSON.stringify({ pid: squatter.pid, start: '1', boot: bootId }));
      const list = await runCli(['organisations', 'list'], env);
      expect(list.stderr).not.toMatch(/running server \(process \d+\) holds/);
      expect(list.code).toBe(0);
      expect(fs.existsSync(lockFile())).toBe(false);
    } finally {
      squatter.kill('SIGKILL');
    }
  }, 60_000);

  it('takes over a lock written before the last boot', async () => {
    fs.writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, start: '1', boot: 'an-earlier-boot' }));
    const list = await runCli(['organisations', 'list'], env);
    expect(list.code).toBe(0);
  }, 60_000);

  it('still refuses while the real owner runs, and a server killed with -9 does not block the next start', async () => {
    const first = await startServerProcess(env);
    const owner = JSON.parse(fs.readFileSync(lockFile(), 'utf8'));
    expect(owner.pid).toBeGreaterThan(0);
    expect(owner.start).toBeDefined();
    const refused = await runCli(['organisations', 'list'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/which the running server \(process \d+\) holds/);

    // kill -9 skips every exit handler: the lock file stays behind, naming a dead process.
    const died = new Promise((resolve) => first.child.once('close', resolve));
    process.kill(owner.pid, 'SIGKILL');
    first.child.kill('SIGKILL');
    await died;
    expect(fs.existsSync(lockFile())).toBe(true);
    const second = await startServerProcess(env);
    expect(await second.stop()).toBe(0);
    expect(fs.existsSync(lockFile())).toBe(false);
  }, 120_000);
});
