/**
 * `npm run bench`: requests/s and p99 latency of GET /blocks and POST /blocks through the whole
 * API pipeline, beside a bare node:https server answering the same JSON with no pipeline, so the
 * pipeline's cost reads as a ratio.
 *
 * The server under test runs as its own process (`server/main.ts`, HTTPS, PGlite in a temporary
 * DATA_DIR, or Postgres when DATABASE_URL is set) with RATE_LIMIT_PER_MINUTE lifted so 429s do
 * not stand in for throughput; the baseline runs as another process; autocannon runs here.
 * Options: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 10).
 */
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import https from 'node:https';
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import { generate } from 'selfsigned';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const token = 'sandbox_bench_token_000000000000000000000';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      if (ready.test(out)) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('close', (code) => reject(new Error(`${command} exited with ${code}:\n${out}`)));
  });
}

function request(method: string, url: string, headers: Record<string, string>, body?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method, headers, rejectUnauthorized: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve(text));
    });
    req.on('error', reject);
    req.end(body);
  });
}

interface Figures {
  name: string;
  rps: number;
  p99: number;
  non2xx: number;
  /** CPU time the measured process spent per answered request (user + system), in µs. */
  cpuUs: number;
}

/** A process's CPU time so far (user + system, µs), from /proc (Linux); 0 elsewhere. */
function cpuTimeUs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks
  } catch {
    return 0;
  }
}

// requests/s depend on what else the machine runs; CPU per request much less, so both are shown.
async function measure(name: string, pid: number | undefined, options: autocannon.Options): Promise<Figures> {
  const before = cpuTimeUs(pid);
  const result = await autocannon({ connections, duration: seconds, ...options });
  const cpuUs = Math.round((cpuTimeUs(pid) - before) / Math.max(1, result.requests.total));
  return { name, rps: Math.round(result.requests.average), p99: result.latency.p99, non2xx: result.non2xx, cpuUs };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-bench-'));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  fs.writeFileSync(certFile, pems.cert);
  fs.writeFileSync(keyFile, pems.private);

  const port = await freePort();
  const url = `https://127.0.0.1:${port}`;
  // BENCH_CPU_PROF=dir writes the server's CPU profile there when it stops (open it in DevTools).
  const profileDir = process.env.BENCH_CPU_PROF;
  const server = await startProcess(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), '--import', 'tsx', 'server/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      TLS_CERT_FILE: certFile,
      TLS_KEY_FILE: keyFile,
      BOOTSTRAP_ACCESS_TOKEN: token,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      LOG_LEVEL: 'error',
    },
    /is ready/,
  );
  const headers = {
    authorization: `Bearer ${token}`,
    accept: 'application/json',
    'service-version': '2015-07-06',
    'content-type': 'application/json',
  };
  const body = JSON.stringify({
    blocks: { block_type: 'email', reason_type: 'no_intent_to_pay', resource_reference: 'bench@example.com' },
  });
  // A realistic list: a full first page of 50 blocks.
  for (let i = 0; i < 60; i++) {
    const seed = JSON.stringify({
      blocks: {
        block_type: 'email',
        reason_type: 'other',
        reason_description: 'seed',
        resource_reference: `seed${i}@example.com`,
      },
    });
    await request('POST', `${url}/blocks`, { ...headers, 'content-length': String(Buffer.byteLength(seed)) }, seed);
  }
  const sampleFile = path.join(dir, 'sample.json');
  fs.writeFileSync(sampleFile, await request('GET', `${url}/blocks`, headers));
  const barePort = await freePort();
  const bare = await startProcess(
    process.execPath,
    ['scripts/bench-bare.mjs', String(barePort), certFile, keyFile, sampleFile],
    {},
    /ready/,
  );
  const bareUrl = `https://127.0.0.1:${barePort}`;

  const figures = [
    await measure('bare node:https GET', bare.pid, { url: `${bareUrl}/blocks`, headers }),
    await measure('bankflow GET /blocks', server.pid, { url: `${url}/blocks`, headers }),
    await measure('bare node:https POST', bare.pid, { url: `${bareUrl}/blocks`, method: 'POST', headers, body }),
    await measure('bankflow POST /blocks', server.pid, { url: `${url}/blocks`, method: 'POST', headers, body }),
  ];

  const store = process.env.DATABASE_URL ? 'Postgres' : 'PGlite';
  console.log(
    `\n${seconds}s per run, ${connections} connections, store: ${store}, ${os.cpus().length} CPUs (load generator on the same machine)\n`,
  );
  console.log('| run | requests/s | p99 ms | non-2xx | server CPU µs/request |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const f of figures) console.log(`| ${f.name} | ${f.rps} | ${f.p99} | ${f.non2xx} | ${f.cpuUs} |`);
  const ratio = (a: Figures, b: Figures) => (a.rps / b.rps).toFixed(1);
  console.log(
    `\npipeline overhead (bare ÷ bankflow requests/s): GET ${ratio(figures[0]!, figures[1]!)}×, POST ${ratio(figures[2]!, figures[3]!)}×`,
  );
  console.log(`server CPU per request: GET ${figures[1]!.cpuUs} µs, POST ${figures[3]!.cpuUs} µs\n`);

  bare.kill('SIGTERM');
  server.kill('SIGTERM');
  await new Promise((r) => server.once('close', r));
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
