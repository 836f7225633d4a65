import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import https from 'node:https';
import { afterAll, describe, expect, it } from 'vitest';
import { PageClient } from '../support/browser';
import { ApiClient } from '../support/client';
import { PASSWORD } from '../support/dashboard';
import { readyUrl, ROOT, SERVER_ENTRY, startServerProcess } from '../support/processes';

/**
 * The quick start's server (build/service/main.js, as `npm start` runs it) on an empty DATA_DIR
 * serves HTTPS with a generated certificate and, the first time only, makes a sandbox token.
 * Its stdout is not a terminal here (as under Docker or systemd): the log stays JSON lines without
 * the secrets, and what is shown once goes to DATA_DIR/first-start.txt (decision 0065).
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-start-'));
const env = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', BOOTSTRAP_WEBHOOK_URL: 'https://hooks.example/in' };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const logLines = (out: string) => out.trim().split('\n');

describe('first start on the embedded default', () => {
  it('keeps the shown-once token, webhook secret and dashboard link out of the log, in a file of its own; the token works; the certificate and secret are kept', async () => {
    const first = await startServerProcess(env);
    let token: string;
    try {
      const out = first.stdout();
      const firstStart = path.join(dir, 'first-start.txt');
      const shown = fs.readFileSync(firstStart, 'utf8');
      expect(fs.statSync(firstStart).mode & 0o077).toBe(0);
      token = /Sandbox access token[^\n]*\n\s+(sandbox_\S+)/.exec(shown)![1]!;
      const secret = /signing secret \(shown once\): (\S+)/.exec(shown)![1]!;
      // And a one-time link for the dashboard's first admin (docs/dashboard.md).
      const link =
        /Dashboard: choose a password[^\n]*\n\s+(https:\/\/\S+\/dashboard\/welcome\/[A-Za-z0-9_-]{43})\n/.exec(
          shown,
        )![1]!;
      // The log: JSON lines only, one `ready` line naming the file, none of the three secrets.
      const lines = logLines(out).map((line) => JSON.parse(line));
      expect(lines.filter((line) => line.msg === 'ready')).toEqual([
        expect.objectContaining({ storage: 'pglite', first_start_file: firstStart, listening: first.url }),
      ]);
      for (const value of [token, secret, link]) expect(out).not.toContain(value);
      const url = first.url;
      expect((await new ApiClient(url, token).get('/blocks')).status).toBe(200);

      // The printed link itself, followed as the admin would: choosing a password leaves them
      // signed in on the dashboard's home page (issue 41.4), not on the sign-in page.
      const linkPath = new URL(link).pathname;
      const browser = new PageClient(url);
      const csrf = browser.csrfOf((await browser.get(linkPath)).html);
      const saved = await browser.post(linkPath, { csrf, password: PASSWORD, confirm: PASSWORD });
      expect(saved.status).toBe(303);
      expect(saved.location).toBe('/dashboard');
      const home = await browser.get('/dashboard');
      expect(home.status).toBe(200);
      expect(home.html).toContain('action="/dashboard/sign-out"');

      // A real TLS certificate was generated into DATA_DIR and is what the server presents.
      const cert = await new Promise<string>((resolve, reject) => {
        https
          .get(`${url}/health`, { rejectUnauthorized: false }, (res) => {
            resolve(String((res.socket as import('node:tls').TLSSocket).getPeerCertificate().subject.CN));
            res.resume();
          })
          .on('error', reject);
      });
      expect(cert).toBe('localhost');
      expect(fs.existsSync(path.join(dir, 'tls', 'cert.pem'))).toBe(true);
      expect(fs.statSync(path.join(dir, 'tls', 'key.pem')).mode & 0o077).toBe(0);
      expect(fs.statSync(path.join(dir, 'session-secret')).mode & 0o077).toBe(0);
    } finally {
      await first.stop();
    }

    fs.rmSync(path.join(dir, 'first-start.txt'));
    const second = await startServerProcess(env);
    try {
      // Nothing new to show once: no file, and the ready line names none.
      expect(fs.existsSync(path.join(dir, 'first-start.txt'))).toBe(false);
      const ready = logLines(second.stdout())
        .map((line) => JSON.parse(line))
        .find((line) => line.msg === 'ready');
      expect(ready).not.toHaveProperty('first_start_file');
      expect((await new ApiClient(second.url, token).get('/blocks')).status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);
});

/**
 * The same first start with stdout a terminal, as a person runs `npm start`: the server is run by
 * util-linux `script`, which gives it a pseudo-terminal (so `process.stdout.isTTY` is true in the
 * server, as it is in a shell) and copies what it writes to ours. The banner, secrets and all, is
 * printed there; the JSON log lines beside it carry none of them, and no file is written.
 */
describe('first start in a terminal', () => {
  it('prints the banner with the shown-once token, webhook secret and dashboard link to the terminal, never into a JSON log line, and writes no file', async () => {
    const ttyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-start-tty-'));
    const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;
    const child = spawn('script', ['-qfec', `${quote(process.execPath)} ${quote(SERVER_ENTRY)}`, '/dev/null'], {
      cwd: ROOT,
      env: { ...process.env, ...env, DATA_DIR: ttyDir, LOG_LEVEL: 'info' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    try {
      // The banner ends with the lines to paste, the token last.
      await expect.poll(() => /export TOKEN=\S+\r?\n/.test(out), { timeout: 60_000, interval: 100 }).toBe(true);
      // A terminal ends its lines with CR LF.
      const lines = out.split(/\r?\n/);
      const shown = lines.filter((line) => !line.startsWith('{')).join('\n');
      expect(shown).toContain('bankflow (sandbox) is ready');
      const token = /Sandbox access token[^\n]*\n\s+(sandbox_\S+)/.exec(shown)![1]!;
      const secret = /signing secret \(shown once\): (\S+)/.exec(shown)![1]!;
      const link =
        /Dashboard: choose a password[^\n]*\n\s+(https:\/\/\S+\/dashboard\/welcome\/[A-Za-z0-9_-]{43})\n/.exec(
          shown,
        )![1]!;
      expect(shown).toContain(`export TOKEN=${token}`);

      const log = lines.filter((line) => line.startsWith('{'));
      const entries = log.map((line) => JSON.parse(line) as Record<string, unknown>);
      const ready = entries.filter((entry) => entry.msg === 'ready');
      expect(ready).toEqual([expect.objectContaining({ storage: 'pglite' })]);
      expect(ready[0]).not.toHaveProperty('first_start_file');
      for (const value of [token, secret, link]) for (const line of log) expect(line).not.toContain(value);
      expect(fs.existsSync(path.join(ttyDir, 'first-start.txt'))).toBe(false);

      // What the banner shows is the real token.
      const url = readyUrl(out.replace(/\r\n/g, '\n'))!;
      expect((await new ApiClient(url, token).get('/blocks')).status).toBe(200);
    } finally {
      await new Promise((done) => {
        if (child.exitCode !== null) return done(child.exitCode);
        child.once('close', done);
        child.kill('SIGTERM');
      });
      fs.rmSync(ttyDir, { recursive: true, force: true });
    }
  }, 120_000);
});
