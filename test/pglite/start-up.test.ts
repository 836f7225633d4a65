import { spawn } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readyUrl, runServer, SERVER_ENTRY } from '../support/processes';

/** The built server's start on the embedded store (issue 35 "Startup", issue 41 § 3). */
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-start-up-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const health = (url: string) =>
  new Promise<number>((resolve) => {
    https
      .get(`${url}/health`, { rejectUnauthorized: false, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });

describe('a taken port', () => {
  it('is reported in one line before the data directory is opened or migrated', async () => {
    const squatter = net.createServer();
    await new Promise<void>((resolve) => squatter.listen(0, '127.0.0.1', resolve));
    const { port } = squatter.address() as net.AddressInfo;
    try {
      const dir = dataDir();
      const result = await runServer({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir });
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^PORT ${port} on 127\\.0\\.0\\.1 is already in use`)),
      ]);
      expect(result.stderr).not.toMatch(/EADDRINUSE|at /);
      // Nothing was opened: no PGlite cluster, no lock left behind.
      expect(fs.existsSync(path.join(dir, 'pgdata'))).toBe(false);
      expect(fs.existsSync(path.join(dir, 'bankflow.lock'))).toBe(false);
    } finally {
      squatter.close();
    }
  }, 60_000);
});

describe('the event-loop watchdog', () => {
  it('is armed only once the server is ready: a slow start survives it, a stall after is killed', async () => {
    // Run from a folder without ./build, so the first start runs initdb itself: PGlite holds the
    // event loop for over 2 s there, past the 1 s allowed here.
    const cwd = dataDir();
    const dir = path.join(cwd, 'data');
    // Test instrumentation: SIGUSR2 blocks the event loop for 10 s, as a stalled PGlite would.
    const stall = `process.on('SIGUSR2', () => { const end = Date.now() + 10000; while (Date.now() < end); });`;
    const child = spawn(
      process.execPath,
      ['--import', `data:text/javascript,${encodeURIComponent(stall)}`, SERVER_ENTRY],
      {
        cwd,
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dir,
          WATCHDOG_STALL_MS: '1000',
          LOG_LEVEL: 'info',
        },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('close', (code, signal) => resolve({ code, signal })),
    );
    try {
      for (let i = 0; !readyUrl(stdout); i++) {
        if (child.exitCode !== null || child.signalCode !== null || i > 1200) {
          throw new Error(`not ready: ${child.signalCode ?? child.exitCode}\n${stdout}\n${stderr}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await health(readyUrl(stdout)!)).toBe(200);
      expect(stderr).not.toMatch(/event loop stalled/);

      child.kill('SIGUSR2');
      expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });
      expect(JSON.parse(stderr.trim().split('\n').at(-1)!)).toMatchObject({
        level: 'fatal',
        msg: expect.stringMatching(/event loop stalled/),
      });
    } finally {
      child.kill('SIGKILL');
    }
  }, 180_000);
});

describe('migrations on the embedded store', () => {
  it('leave the event loop free: a server migrating an empty data directory answers /health 503 meanwhile, then 200', async () => {
    // A free port known before the start, so /health can be asked while the server migrates.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    // Run from a folder without ./build: no migrated template, so all the migrations run here.
    const cwd = dataDir();
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(cwd, 'data') },
    });
    child.stdout.resume();
    child.stderr.resume();
    try {
      const seen = new Set<number>();
      for (let i = 0; !seen.has(200); i++) {
        if (child.exitCode !== null || i > 4000) throw new Error(`not ready: ${[...seen].join(', ')}`);
        const status = await health(`https://127.0.0.1:${port}`);
        seen.add(status);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // Were the migrations one unbroken turn of the loop, the first answer would be the 200.
      expect(seen.has(503)).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  }, 180_000);
});
