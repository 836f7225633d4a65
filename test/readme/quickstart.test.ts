import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes';

/**
 * The README's quick start, run as a new user would paste it: the server block (```sh
 * quickstart-server) starts a real server process on a free port with a fresh data directory, the
 * `export` lines it prints set up the merchant's shell, and every ```sh quickstart block then runs
 * in that one shell, in order, stopping at the first command that fails; then the refund and
 * outbound-payment examples (```sh after-quickstart), which draw on the quick start's mandate.
 */
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
// docs/'s commands are held to the README's standard (issue 39): every ```sh block there is marked.
// `docs-example` blocks need the quick start's running server and run after it, in its shell, in
// the order of the files; `docs-not-run` ones (Docker, which CI lacks; hour-long benchmarks; the
// operator's live commands) are checked for what they name.
const DOCS = fs
  .readdirSync(path.join(ROOT, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => fs.readFileSync(path.join(ROOT, 'docs', name), 'utf8'));

/** The fenced blocks with this info string, also those indented under a list item (unindented). */
function blocks(info: string, texts: string[] = [README]): string[] {
  const fence = new RegExp('^( *)```' + info + '\\n([\\s\\S]*?)^\\1```$', 'gm');
  return texts.flatMap((text) =>
    [...text.matchAll(fence)].map(([, indent, body]) => body!.replace(new RegExp(`^${indent}`, 'gm'), '')),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

interface Shell {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** bash in its own process group, so whatever it leaves running (the receiver) is stopped with it. */
function bash(script: string, env: Record<string, string>): Shell {
  const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, ...env }, detached: true });
  let output = '';
  // A terminal ends its lines with \r\n.
  const read = (d: Buffer) => (output += String(d).replace(/\r\n/g, '\n'));
  child.stdout!.on('data', read);
  child.stderr!.on('data', read);
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return { child, output: () => output, exited };
}

function stop(shell: Shell | undefined) {
  if (!shell?.child.pid) return;
  try {
    process.kill(-shell.child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

async function waitFor(shell: Shell, pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = shell.output().match(pattern);
    if (match) return match;
    if (shell.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`no ${pattern} in the server's output:\n${shell.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let server: Shell | undefined;
let merchant: Shell | undefined;
let port: number;
let hookPort: number;
let dataDir: string;
let exports: string;

beforeAll(async () => {
  port = await freePort();
  hookPort = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-readme-'));
  const [serverBlock] = blocks('sh quickstart-server');
  expect(serverBlock).toMatch(/ npm start\n$/);
  // The block as pasted into a terminal: `npm start` (its prestart finds the test run's build
  // current) in a pseudo-terminal, which is where the banner with the lines to paste is printed.
  server = bash('exec script --quiet --flush --return --command "$SERVER_BLOCK" /dev/null', {
    SERVER_BLOCK: serverBlock!,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    HOOK_PORT: String(hookPort),
    LOG_LEVEL: 'warn',
  });
  const [pasted] = await waitFor(server, /^ {4}export BASE=.*\n {4}export TOKEN=.*$/m, 90_000);
  exports = pasted;
}, 120_000);

afterAll(() => {
  stop(merchant);
  stop(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the README's shell examples", () => {
  it('assume no port, no uuidgen, no -k and no folder outside the clone', () => {
    const shell = blocks('sh[^\\n]*').map((block) => block.replace(/(^|\s)#.*$/gm, ''));
    expect(shell.length).toBeGreaterThan(5);
    for (const block of shell) {
      expect(block).not.toMatch(/localhost:3000|uuidgen|curl -s?k\b|\s-k\s/);
    }
    expect(README).not.toContain('../shared');
  });

  it("mark each of docs/'s shell blocks as run after the quick start or not run", () => {
    const marks = DOCS.flatMap((text) => [...text.matchAll(/^ *```sh([^\n]*)$/gm)].map(([, mark]) => mark!.trim()));
    expect(marks.length).toBeGreaterThan(3);
    for (const mark of marks) expect(['docs-example', 'docs-not-run']).toContain(mark);
  });

  it('hold docs/ to the same: what they run exists, and none assumes a port or -k', () => {
    const scripts = Object.keys(
      (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
    );
    const shell = blocks('sh[^\\n]*', DOCS).map((block) => block.replace(/(^|\s)#.*$/gm, ''));
    expect(blocks('sh docs-example', DOCS).length).toBeGreaterThan(0);
    for (const block of shell) {
      expect(block).not.toMatch(/localhost:3000|uuidgen|curl -s?k\b|\s-k\s/);
      for (const [, script] of block.matchAll(/npm run ([\w:-]+)/g)) expect(scripts).toContain(script);
      if (/docker compose/.test(block)) expect(fs.existsSync(path.join(ROOT, 'compose.yaml'))).toBe(true);
      for (const [, file] of block.matchAll(/node (build\/\S+\.js)/g))
        expect(fs.existsSync(path.join(ROOT, file!))).toBe(true);
    }
  });
});

describe("the README's quick start", () => {
  it('prints the sandbox organisation, the certificate to trust and the lines to paste, on a port of its own', () => {
    const output = server!.output();
    expect(output).toMatch(/sandbox organisation: OR[0-9A-Z]+/);
    expect(output).toContain(`self-signed certificate: ${path.join(dataDir, 'tls', 'cert.pem')}`);
    expect(output).toMatch(/Webhook endpoint WE[0-9A-Z]+ for http:\/\/127\.0\.0\.1:\d+\/webhooks/);
    expect(exports).toContain(`export BASE=https://localhost:${port} VERSION_HEADER=GoCardless-Version`);
    expect(exports).toContain(`NODE_EXTRA_CA_CERTS=${path.join(dataDir, 'tls', 'cert.pem')}`);
    expect(exports).toMatch(/export TOKEN=sandbox_\S+$/);
  });

  it('runs every quick-start block in one shell: billing request, flow link, mandate, payment, webhooks, official client', async () => {
    const quickstart = blocks('sh quickstart');
    expect(quickstart.length).toBeGreaterThanOrEqual(5);
    // The refund and outbound-payment examples, once the sandbox holds the payouts back (issue 39).
    const after = blocks('sh after-quickstart');
    expect(after.length).toBeGreaterThanOrEqual(2);
    const steps = [...quickstart, ...after, ...blocks('sh docs-example', DOCS)];
    // Each block must succeed before the next runs; the markers show how far the shell got.
    const script = [
      'set -e -o pipefail',
      exports,
      ...steps.map((step, i) => `${step}echo "== block ${i + 1} done"`),
    ].join('\n');
    merchant = bash(script, { HOOK_PORT: String(hookPort) });
    const code = await Promise.race([
      merchant.exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('timed out'), 150_000)),
    ]);
    const output = merchant.output();
    expect(code, output).toBe(0);
    steps.forEach((_, i) => expect(output).toContain(`== block ${i + 1} done`));

    expect(output).toMatch(/^billing request: BRQ[0-9A-Z]+$/m);
    expect(output).toMatch(new RegExp(`^https://localhost:${port}/pay/BRF[0-9A-Z]+$`, 'm'));
    expect(output).toMatch(/^mandate: MD[0-9A-Z]+$/m);
    expect(output).toMatch(/^payment PM[0-9A-Z]+ is paid_out$/m);
    expect(output).toMatch(/^failed$/m); // the late failure simulated on the paid-out payment
    // The receiver the quick start runs printed the webhooks it was sent.
    expect(output).toMatch(/^webhook: billing_requests created /m);
    expect(output).toMatch(/^webhook: mandates created /m);
    expect(output).toMatch(/^webhook: payments paid_out /m);
    // The official client, pointed at the server through its proxy option, did the same job.
    expect(output).toMatch(new RegExp(`^authorisation_url: https://localhost:${port}/pay/BRF[0-9A-Z]+$`, 'm'));
    expect(output).toMatch(/^billing request: BRQ[0-9A-Z]+ fulfilled mandate: MD[0-9A-Z]+$/m);
    expect(output).toMatch(/^payment: PM[0-9A-Z]+ pending_submission 1000 GBP$/m);
    // The refund and the outbound payments drew on the funds held back, and the hold was let go.
    expect(output).toContain('{"sandbox_settings":{"hold_payouts":true}}');
    expect(output).toMatch(/\{"refunds":\{"id":"RF[0-9A-Z]+".*"amount":500/);
    expect(output).toMatch(/^outbound payment: OUT[0-9A-Z]+$/m);
    expect(output).toMatch(/\{"outbound_payments":\{"id":"OUT[0-9A-Z]+".*"is_withdrawal":true/);
    expect(output).toContain('{"sandbox_settings":{"hold_payouts":false}}');
    // docs/sandbox.md's CLI over the API, in the same shell with the quick start's token.
    expect(output).toMatch(/^Created billing request BRQ[0-9A-Z]+ \(pending\)\.$/m);
    expect(output).toMatch(/^id +MD[0-9A-Z]{26}$/m); // mandates get "$MD", field by field
    expect(output).toMatch(/^ID +CREATED AT +RESOURCE +ACTION +RESOURCE ID$/m); // events list's table
    // docs/redirect-flows-and-mandate-pdfs.md's example, pasted in the same shell.
    expect(output).toMatch(/\{"redirect_flows":\{"id":"RE[0-9A-Z]+"/);
    // docs/sandbox.md's test clock: frozen, moved on a month and then to its date, running again.
    expect(output).toMatch(/"status":"frozen"/);
    expect(output).toMatch(/\{"sandbox_clocks":\{"now":"2030-06-01T09:00:00(\.000)?Z","status":"frozen"/);
    expect(output).toMatch(/"status":"running"/);
  }, 180_000);

  it('leaves the mandate confirmation in the sandbox mailbox the README points to (issue 21 § 4)', async () => {
    // The README: no SMTP_URL, so mail is kept and read at /sandbox/mailbox. The sender runs every 500 ms.
    const read = () =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        https
          .get(`https://127.0.0.1:${port}/sandbox/mailbox`, { rejectUnauthorized: false }, (res) => {
            let body = '';
            res.on('data', (d) => (body += d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    const confirmation =
      /jane@example\.com<\/td>\s*<td><a href="\/sandbox\/mailbox\/MM[0-9A-Z]+">Your Direct Debit with .+ is set up</;
    let page = await read();
    for (let i = 0; i < 50 && !confirmation.test(page.body); i++) {
      await new Promise((resolve) => setTimeout(resolve, 300));
      page = await read();
    }
    expect(page.status).toBe(200);
    expect(page.body).toMatch(confirmation);
  }, 60_000);
});
