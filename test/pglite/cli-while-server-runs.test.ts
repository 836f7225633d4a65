import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServerProcess } from '../support/processes';

/**
 * The embedded store while its server runs (issue 39): the commands over the API work beside it,
 * trusting the certificate in its DATA_DIR by default; an operator command, which must open the
 * store, refuses with one line saying what to do.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-cli-running-'));
const env = { DATA_DIR: dir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_EXTRA_CA_CERTS: '' };
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('npm run cli while the server holds the embedded store', () => {
  it('answers over the API, and refuses an operator command in one line that says how', async () => {
    const org = JSON.parse((await runCli(['organisations', 'create', '--name', 'Running Ltd', '--json'], env)).stdout);
    await runCli(['creditors', 'create', '--organisation', org.id, '--name', 'Running Ltd', '--country', 'GB'], env);
    const created = await runCli(['tokens', 'create', '--organisation', org.id, '--json'], env);
    const token = JSON.parse(created.stdout).token as string;

    const server = await startServerProcess(env);
    try {
      const overApi = { ...env, BANKFLOW_URL: server.url, BANKFLOW_ACCESS_TOKEN: token };
      const billingRequest = await runCli(['billing-requests', 'create', '--scheme', 'bacs', '--json'], overApi);
      expect(billingRequest.stderr).toBe('');
      expect(JSON.parse(billingRequest.stdout).billing_requests.id).toMatch(/^BRQ/);
      const payments = await runCli(['payments', 'list'], overApi);
      expect(payments.code).toBe(0);
      expect(payments.stdout.trim()).toBe('No payments.');

      const tokens = await runCli(['tokens', 'list', '--organisation', org.id], env);
      expect(tokens.code).toBe(1);
      expect(tokens.stdout).toBe('');
      const lines = tokens.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^\`tokens list\` needs the embedded store in DATA_DIR .*, which the running server \\(process ${server.child.pid}\\) holds: stop the server first, or, while it runs, the dashboard's Developers page \\(/dashboard/developers\\)`,
        ),
      );
      // Every operator group says the same; a group with a way through the server names it.
      const webhooks = await runCli(['webhooks', 'list', '--organisation', org.id], env);
      expect(webhooks.stderr.trim().split('\n')).toHaveLength(1);
      expect(webhooks.stderr).toContain('npm run cli -- listen --forward-to URL');
      const limits = await runCli(['limits', 'set', '--creditor', 'CR1', '--currency', 'GBP', '--limit', '1'], env);
      expect(limits.code).toBe(1);
      expect(limits.stderr.trim()).toMatch(/^`limits set` needs the embedded store .*: stop the server first\.$/);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 180_000);
});
