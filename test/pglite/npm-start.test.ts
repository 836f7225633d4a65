import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UK_PAYER } from '../support/pages';
import { ROOT } from '../support/processes';

/**
 * `npm start` itself, stopped as Docker, systemd (SIGTERM) and a terminal's Ctrl-C (SIGINT) stop
 * it: the signal goes to npm's process, and the server behind it must drain and exit, leaving no
 * process behind (issue 35; issue 40 § 6 for the drain's `Connection: close`).
 */
let port: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-npm-start-'));
  port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const GRACE_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface NpmStart {
  npm: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start` in a process group of its own, so what it leaves running can be looked for. */
function npmStart(): NpmStart {
  const npm = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
    },
  });
  let output = '';
  npm.stdout!.on('data', (d) => (output += d));
  npm.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => npm.once('close', resolve));
  return { npm, output: () => output, exited };
}

const health = () =>
  new Promise<number>((resolve) => {
    https
      .get(`https://127.0.0.1:${port}/health`, { rejectUnauthorized: false, agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', () => resolve(0));
  });

/** Healthy and announced: /health says ready a moment before the `ready` line (and first-start.txt) is written. */
async function healthy(start: NpmStart) {
  for (let i = 0; (await health()) !== 200 || !/"msg":"ready"/.test(start.output()); i++) {
    if (start.npm.exitCode !== null || i > 1200) throw new Error(`npm start did not get healthy:\n${start.output()}`);
    await sleep(100);
  }
}

/** Whether any process of the group npm leads still runs. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms: number) {
  for (const end = Date.now() + ms; groupAlive(pid) && Date.now() < end;) await sleep(50);
  return !groupAlive(pid);
}

/** After a failure: nothing of this test left running for the next. */
async function killGroup(pid: number) {
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  await goneWithin(pid, 5_000);
}

describe('npm start', () => {
  it('on SIGTERM to npm: stops listening, finishes the request in flight with Connection: close, and every process exits at once', async () => {
    const start = npmStart();
    try {
      await healthy(start);
      const token = /Sandbox access token[^\n]*\n\s+(sandbox_\S+)/.exec(
        fs.readFileSync(path.join(dataDir, 'first-start.txt'), 'utf8'),
      )![1]!;

      // A keep-alive connection with a POST whose body arrives only after the signal.
      const agent = new https.Agent({ keepAlive: true, rejectUnauthorized: false });
      const body = JSON.stringify({ customers: { ...UK_PAYER, given_name: 'In flight' } });
      let rest!: () => void;
      const answer = new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const req = https.request(
          `https://127.0.0.1:${port}/customers`,
          {
            method: 'POST',
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'service-version': '2015-07-06',
              accept: 'application/json',
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on('error', reject);
        req.write(body.slice(0, 10));
        rest = () => req.end(body.slice(10));
      });
      await sleep(300);

      process.kill(start.npm.pid!, 'SIGTERM');
      await sleep(500);
      expect(await health()).toBe(0); // no longer accepting
      rest();
      expect(await answer).toEqual({ status: 201, connection: 'close' });
      const answered = Date.now();
      // Drained: gone long before the 20 s grace period would have cut the idle connection.
      expect(await goneWithin(start.npm.pid!, 5_000)).toBe(true);
      expect(Date.now() - answered).toBeLessThan(5_000);
      expect(await start.exited).toBe(0);
      expect(start.output()).toMatch(/"signal":"SIGTERM","msg":"stopped"/);
      expect(fs.existsSync(path.join(dataDir, 'bankflow.lock'))).toBe(false);
      agent.destroy();
    } finally {
      await killGroup(start.npm.pid!);
    }
  }, 180_000);

  it('on SIGINT to npm (Ctrl-C) stops and leaves no process behind', async () => {
    const start = npmStart();
    try {
      await healthy(start);
      process.kill(start.npm.pid!, 'SIGINT');
      expect(await goneWithin(start.npm.pid!, 10_000)).toBe(true);
      expect(await start.exited).toBe(0);
      expect(start.output()).toMatch(/"signal":"SIGINT"/);
      expect(fs.existsSync(path.join(dataDir, 'bankflow.lock'))).toBe(false);
    } finally {
      await killGroup(start.npm.pid!);
    }
  }, 180_000);
});
