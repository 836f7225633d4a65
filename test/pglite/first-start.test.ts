import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import https from 'node:https';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/client';
import { startTs } from '../support/processes';

/**
 * The quick start: `npm start` (server/main.ts) on an empty DATA_DIR serves HTTPS with a
 * generated certificate, prints its address and, the first time only, a sandbox token.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-start-'));
const env = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const READY = /is ready[\s\S]*listening on (https:\/\/\S+)\)[\s\S]*storage: PGlite/;

describe('first start on the embedded default', () => {
  it('prints the base URL and a sandbox token once; the token works; the certificate and secret are kept', async () => {
    const first = await startTs('server/main.ts', env, READY);
    let token: string;
    try {
      const out = first.output();
      token = /Sandbox access token[^\n]*\n\s+(sandbox_\S+)/.exec(out)![1]!;
      // And a one-time link for the dashboard's first admin (docs/dashboard.md).
      expect(out).toMatch(
        /Dashboard: choose a password[^\n]*\n\s+https:\/\/\S+\/dashboard\/welcome\/[A-Za-z0-9_-]{43}\n/,
      );
      const url = READY.exec(out)![1]!;
      expect((await new ApiClient(url, token).get('/blocks')).status).toBe(200);

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

    const second = await startTs('server/main.ts', env, READY);
    try {
      expect(second.output()).not.toMatch(/Sandbox access token/);
      const url = READY.exec(second.output())![1]!;
      expect((await new ApiClient(url, token).get('/blocks')).status).toBe(200);
    } finally {
      await second.stop();
    }
  }, 120_000);
});
