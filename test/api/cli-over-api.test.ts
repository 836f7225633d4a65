import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { webhookPayloadWire } from '../../server/api/wire/events';
import { SCENARIO_SIMULATORS } from '../../server/domain/scenarios/simulators';
import { verifyWebhookSignature } from '../../server/domain/webhooks/signing';
import { createTestDatabase } from '../support/database';
import type { Merchant } from '../support/factories';
import { createMandateViaBillingRequest, post } from '../support/journeys';
import { CLI_ENTRY, ROOT, runCli } from '../support/processes';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements, writesIn } from '../support/statement-log';

/**
 * `npm run cli` over the API: real CLI processes against a running test server on the store under
 * test, with the server's address and token from the environment and its certificate from --cacert.
 */
let server: TestServer;
let merchant: Merchant;
let statements: string[];
let env: Record<string, string>;
const cacert = () => path.join(inject('testDir'), 'cert.pem');

beforeAll(async () => {
  // No background jobs: every statement the server runs is a request's (the read-path check).
  const recorded = recordStatements(await createTestDatabase());
  statements = recorded.statements;
  server = await startTestServer({
    db: recorded.db,
    schemeClockIntervalMs: 0,
    webhookDelivery: { intervalMs: 0 },
    notificationIntervalMs: 0,
  });
  merchant = await server.merchant('CLI Ltd', { payoutAccounts: true });
  env = {
    BANKFLOW_URL: server.url,
    BANKFLOW_ACCESS_TOKEN: merchant.token,
    NODE_EXTRA_CA_CERTS: '',
    DATA_DIR: path.join(inject('testDir'), 'no-such-data-dir'),
  };
});
afterAll(() => server?.close());

const cli = (...args: string[]) => runCli([...args, '--cacert', cacert()], env);
/** The command's JSON answer; a failed command fails the test with what it printed. */
const cliJson = async (...args: string[]) => {
  const result = await cli(...args, '--json');
  expect(result.code, `cli ${args.join(' ')} exited ${result.code}:\n${result.stderr}`).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').pop()!);
};

/** A CLI run that keeps going (`events tail`, `listen`): its output lines as they come. */
function startCli(args: string[]) {
  const child: ChildProcess = spawn(process.execPath, [CLI_ENTRY, ...args, '--cacert', cacert()], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  const lines = () => stdout.split('\n').filter(Boolean);
  return {
    lines,
    stderr: () => stderr,
    /** Until stdout's lines pass `check`, or (`on: 'stderr'`) stderr's. */
    async waitFor(check: (lines: string[]) => boolean, what: string, timeoutMs = 60_000, on = 'stdout') {
      const until = Date.now() + timeoutMs;
      while (!check(on === 'stderr' ? stderr.split('\n') : lines())) {
        if (child.exitCode !== null || Date.now() > until)
          throw new Error(`no ${what}:\nstdout:\n${stdout}\nstderr:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => child.kill('SIGTERM'),
  };
}

/** A new billing request: its `billing_requests created` event is the one to wait for. */
const newBillingRequest = async () =>
  (await post(merchant.api, '/billing_requests', { billing_requests: { mandate_request: { scheme: 'bacs' } } }, 201))
    .billing_requests;

async function paymentOnNewMandate() {
  const { mandateId, billingRequest } = await createMandateViaBillingRequest(merchant, { currency: 'GBP' });
  const payment = await post(
    merchant.api,
    '/payments',
    { payments: { amount: 1500, currency: 'GBP', description: 'CLI test', links: { mandate: mandateId } } },
    201,
  );
  return { mandateId, customerId: billingRequest.links.customer as string, paymentId: payment.payments.id as string };
}

describe('resource commands over the API', () => {
  it('creates and gets a billing request, lists and gets payments (by status), mandates and customers', async () => {
    const created = await cliJson('billing-requests', 'create', '--scheme', 'bacs');
    expect(created.billing_requests.id).toMatch(/^BRQ/);
    expect(created.billing_requests.mandate_request.scheme).toBe('bacs');
    const got = await cliJson('billing-requests', 'get', created.billing_requests.id);
    expect(got.billing_requests.id).toBe(created.billing_requests.id);
    const withPayment = await cliJson('billing-requests', 'create', '--amount', '1000', '--currency', 'GBP');
    expect(withPayment.billing_requests.payment_request).toMatchObject({ amount: 1000, currency: 'GBP' });
    expect((await cli('billing-requests', 'create', '--amount', '10.00', '--currency', 'GBP')).code).toBe(64);

    const { paymentId, mandateId, customerId } = await paymentOnNewMandate();
    const pending = await cliJson('payments', 'list', '--status', 'pending_submission');
    expect(pending.payments.map((p: { id: string }) => p.id)).toContain(paymentId);
    expect((await cliJson('payments', 'list', '--status', 'paid_out')).payments).toEqual([]);
    expect((await cliJson('payments', 'get', paymentId)).payments).toMatchObject({ id: paymentId, amount: 1500 });

    // For people: a table with a heading, the payment on a line of its own.
    const table = await cli('payments', 'list', '--status', 'pending_submission');
    expect(table.code).toBe(0);
    const [heading, ...rows] = table.stdout.trim().split('\n');
    expect(heading).toMatch(/^ID\s+STATUS\s+AMOUNT/);
    expect(rows.find((row) => row.startsWith(paymentId))).toMatch(/pending_submission\s+1500 GBP/);
    const record = await cli('payments', 'get', paymentId);
    expect(record.stdout).toMatch(new RegExp(`^links\\.mandate\\s+${mandateId}$`, 'm'));

    expect((await cliJson('mandates', 'get', mandateId)).mandates.id).toBe(mandateId);
    expect((await cliJson('mandates', 'list')).mandates.map((m: { id: string }) => m.id)).toContain(mandateId);
    expect((await cliJson('customers', 'get', customerId)).customers.id).toBe(customerId);
    const customers = await cliJson('customers', 'list', '--limit', '1');
    expect(customers.customers).toHaveLength(1);
    expect(customers.meta.cursors.after).toEqual(expect.any(String));
    expect((await cli('customers', 'list', '--limit', '1')).stdout).toContain('(more: --after ');
  }, 120_000);

  it("answers the API's refusals and a missing token, certificate or server with one line", async () => {
    const missing = await cli('payments', 'get', 'PM00000000000000000000000000');
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toMatch(/^Refused: 404 invalid_api_usage: .*resource_not_found/);
    const badToken = await runCli(['payments', 'list', '--cacert', cacert(), '--token', 'sandbox_nope'], env);
    expect(badToken.code).toBe(1);
    expect(badToken.stderr.trim().split('\n')).toHaveLength(1);
    expect(badToken.stderr).toMatch(/^Refused: 401 /);

    const untrusted = await runCli(['payments', 'list'], env);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stderr.trim()).toMatch(/^The certificate of https:\/\/127\.0\.0\.1:\d+ is not trusted .*--cacert/);
    // NODE_EXTRA_CA_CERTS is the other way to trust it.
    const trusted = await runCli(['payments', 'list', '--json'], { ...env, NODE_EXTRA_CA_CERTS: cacert() });
    expect(trusted.code).toBe(0);

    const noToken = await runCli(['payments', 'list'], { ...env, BANKFLOW_ACCESS_TOKEN: '' });
    expect(noToken.stderr.trim()).toBe('No access token: pass --token or set BANKFLOW_ACCESS_TOKEN.');
    const noServer = await runCli(['payments', 'list', '--url', 'https://127.0.0.1:9'], env);
    expect(noServer.stderr.trim()).toMatch(/^No server answers at https:\/\/127\.0\.0\.1:9 \(ECONNREFUSED\)/);
  }, 120_000);
});

describe('trigger', () => {
  it('lists every scenario simulator in its --help and runs one on a payment', async () => {
    const help = await runCli(['trigger', '--help'], env);
    expect(help.code).toBe(0);
    for (const scenario of Object.keys(SCENARIO_SIMULATORS))
      expect(help.stdout).toMatch(new RegExp(`^ +${scenario} `, 'm'));

    const { paymentId, mandateId } = await paymentOnNewMandate();
    // A payment is submitted once its mandate is active: the bank's answer on the mandate first.
    const notYet = await cli('trigger', 'payment_failed', paymentId);
    expect(notYet.code).toBe(1);
    expect(notYet.stderr.trim()).toMatch(/^Refused: 422 invalid_state: .*\(scenario_simulator_not_applicable\)$/);
    expect((await cli('trigger', 'mandate_activated', mandateId)).code).toBe(0);
    expect((await cliJson('mandates', 'get', mandateId)).mandates.status).toBe('active');
    const ran = await cli('trigger', 'payment_failed', paymentId);
    expect(ran.stdout.trim()).toBe(`Ran payment_failed on ${paymentId}.`);
    expect((await cliJson('payments', 'get', paymentId)).payments.status).toBe('failed');
    // A creditor scenario without an id runs on the organisation's one creditor.
    expect((await cliJson('trigger', 'creditor_verification_status_in_review')).resource).toBe(merchant.creditorId);

    expect((await cli('trigger', 'payment_vanished', paymentId)).code).toBe(64);
    expect((await cli('trigger', 'payment_failed')).code).toBe(64);
  }, 120_000);
});

describe('events', () => {
  it('lists events and tails the new ones as they come', async () => {
    const { paymentId } = await paymentOnNewMandate();
    const listed = await cliJson('events', 'list', '--resource-type', 'payments', '--action', 'created');
    expect(listed.events.map((e: { links: { payment: string } }) => e.links.payment)).toContain(paymentId);

    const tail = startCli(['events', 'tail', '--resource-type', 'billing_requests']);
    try {
      // Said once its first request has set its cursor: an event made after it is never missed.
      await tail.waitFor((lines) => lines.some((l) => l.startsWith('Following the events')), 'start', 60_000, 'stderr');
      const id = (await newBillingRequest()).id as string;
      await tail.waitFor((lines) => lines.some((l) => l.includes(id)), `tailed event of ${id}`);
      expect(tail.lines().find((l) => l.includes(id))).toMatch(
        /^EV[0-9A-Z]{26}\s+\S+\s+billing_requests\s+created\s+BRQ/,
      );
      // Only the resource type asked for.
      expect(tail.lines().every((l) => /\sbilling_requests\s/.test(l))).toBe(true);
    } finally {
      tail.stop();
    }
  }, 120_000);

  it('GET /events/wait answers the events after its cursor, waits for them, and writes nothing', async () => {
    const start = await merchant.api.get('/events/wait');
    expect(start.status).toBe(200);
    expect(start.body.events).toEqual([]);
    const cursor = start.body.meta.cursors.before as string;
    expect(cursor).toMatch(/^EV/);

    const from = statements.length;
    const waited = Date.now();
    const empty = await merchant.api.get(`/events/wait?before=${cursor}&wait=1`);
    expect(empty.status).toBe(200);
    expect(empty.body.events).toEqual([]);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(900);
    // The edge's shared rate-limit counter and the request log (both flushed in batches, on their own
    // timers, for earlier requests too) are every request's, not the read's: this poll is not logged.
    const bookkeeping = /rate_limit_windows|request_logs/;
    expect(writesIn(statements.slice(from)).filter((s) => !bookkeeping.test(s))).toEqual([]);

    const waiting = merchant.api.get(`/events/wait?before=${cursor}&wait=10`);
    const billingRequest = await newBillingRequest();
    const answer = await waiting;
    expect(answer.body.events.map((e: { links: { billing_request: string } }) => e.links.billing_request)).toContain(
      billingRequest.id,
    );
    expect(answer.body.meta.cursors.before).toBe(answer.body.events[0].id);

    expect((await merchant.api.get(`/events/wait?before=${cursor}&wait=11`)).status).toBe(422);
    const document = await server.anonymous.get('/openapi.json');
    expect(document.body.paths['/events/wait'].get['x-bankflow-extension']).toBe(true);
  }, 60_000);
});

describe('logs', () => {
  it('lists the API requests and tails the new ones as they are logged (request logs, decision 0086)', async () => {
    const tail = startCli(['logs', 'tail']);
    try {
      await tail.waitFor(
        (lines) => lines.some((l) => l.startsWith('Following the API requests')),
        'start',
        60_000,
        'stderr',
      );
      const request = await newBillingRequest();
      await tail.waitFor(
        (lines) => lines.some((line) => / 201 .*POST +\/billing_requests /.test(line)),
        'logged billing request creation',
      );
      // The answer's request id is the one the log line names.
      const logs = await cliJson('logs', 'list', '--status', '201', '--limit', '50');
      const logged = (logs.request_logs as { status: number; path: string; response_body: unknown }[]).find((log) =>
        JSON.stringify(log.response_body ?? '').includes(request.id),
      );
      expect(logged).toMatchObject({ status: 201, path: '/billing_requests' });
    } finally {
      tail.stop();
    }
    const refused = await cli('logs', 'tail', '--status', 'abc');
    expect(refused.code).toBe(64);
  });
});

describe('listen --forward-to', () => {
  it('delivers new events to a local URL signed with the secret it prints, retrying after a 500', async () => {
    const received: { raw: string; headers: http.IncomingHttpHeaders }[] = [];
    const receiver = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        received.push({ raw, headers: req.headers });
        // The first attempt fails: the CLI must send the same delivery again.
        res.writeHead(received.length === 1 ? 500 : 204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`;

    const listener = startCli(['listen', '--forward-to', url, '--json']);
    try {
      // The start line comes once its first request has set its cursor.
      await listener.waitFor((lines) => lines.length > 0, 'start line');
      const { secret, forward_to } = JSON.parse(listener.lines()[0]!);
      expect(forward_to).toBe(url);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const billingRequest = await newBillingRequest();
      await listener.waitFor((lines) => lines.length > 1, 'delivered line');
      const delivered = JSON.parse(listener.lines()[1]!);
      expect(delivered).toMatchObject({ attempt: 2, status: 204 });
      expect(listener.stderr()).toMatch(/attempt 1 → 500; retrying in 1 s/);

      expect(received).toHaveLength(2);
      const [first, second] = received;
      // The same delivery twice: same bytes, same Idempotency-Key, each signed with the printed secret.
      expect(second!.raw).toBe(first!.raw);
      expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
      for (const request of received) {
        expect(verifyWebhookSignature(request.raw, secret, request.headers['webhook-signature'] as string)).toBe(true);
        expect(request.headers['content-type']).toBe('application/json');
      }
      expect(verifyWebhookSignature(first!.raw, 'another secret', first!.headers['webhook-signature'] as string)).toBe(
        false,
      );
      const body = webhookPayloadWire.parse(JSON.parse(first!.raw));
      expect(body.meta.webhook_id).toMatch(/^WB[0-9A-Z]{26}$/);
      expect(body.events.map((e) => (e.links as { billing_request?: string }).billing_request)).toContain(
        billingRequest.id,
      );
    } finally {
      listener.stop();
      receiver.close();
    }
  }, 120_000);
});

describe('help and completion', () => {
  it('gives every command group a --help, and completes groups, commands and flags in bash', async () => {
    const all = await runCli(['--help'], env);
    expect(all.code).toBe(0);
    const groups = [...new Set([...all.stdout.matchAll(/^ {2}([a-z][a-z-]*)\b/gm)].map((m) => m[1]!))];
    expect(groups).toEqual(
      expect.arrayContaining(['payments', 'listen', 'trigger', 'tokens', 'webhooks', 'completion']),
    );
    for (const group of groups) {
      const help = await runCli([group, '--help'], env);
      expect(help.code, group).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^ {2}${group}\\b`, 'm'));
    }
    expect((await runCli(['nothing-here', '--help'], env)).code).toBe(64);

    const script = (await runCli(['completion', 'bash'], env)).stdout;
    const complete = (...words: string[]) =>
      spawnSync(
        'bash',
        [
          '-c',
          `${script}\nCOMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _bankflow_cli; echo "\${COMPREPLY[*]}"`,
        ],
        { encoding: 'utf8' },
      ).stdout.trim();
    expect(complete('npm', 'run', 'cli', '--', 'pay')).toBe('payments payer-authorisations');
    expect(complete('npm', 'run', 'cli', '--', 'payments', 'l')).toBe('list');
    expect(complete('npm', 'run', 'cli', '--', 'payments', 'list', '--st')).toBe('--status');
    expect(complete('npm', 'run', 'cli', '--', 'listen', '--f')).toBe('--forward-to');
    expect(complete('npm', 'run', 'cli', '--', 'tokens', '')).toBe('create list disable enable revoke');
  }, 180_000);
});
