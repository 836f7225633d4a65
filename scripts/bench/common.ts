/**
 * What every `npm run bench` mode shares: free ports, a self-signed certificate, the real server
 * started as its own process (`build/service/main.js`, HTTPS, the rate limits lifted so 429s never stand
 * in for throughput), requests, and the CPU time a process spent (from /proc, so a measure on a
 * shared machine can be read per request rather than per second).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import https from 'node:https';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { generate } from 'selfsigned';

export const BENCH_TOKEN = 'sandbox_bench_token_000000000000000000000';
export const seconds = Number(process.env.BENCH_SECONDS ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

export const apiHeaders = {
  authorization: `Bearer ${BENCH_TOKEN}`,
  accept: 'application/json',
  'service-version': '2015-07-06',
  'content-type': 'application/json',
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

export interface Workspace {
  dir: string;
  certFile: string;
  keyFile: string;
}

export async function workspace(): Promise<Workspace> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-bench-'));
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keySize: 2048, algorithm: 'sha256' });
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  fs.writeFileSync(certFile, pems.cert);
  fs.writeFileSync(keyFile, pems.private);
  return { dir, certFile, keyFile };
}

/** Starts a process and resolves once `ready` says so: a line it prints, or a check that passes. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp | (() => Promise<boolean>),
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let out = '';
    if (typeof ready === 'function') {
      const check = async (): Promise<void> => {
        if (child.exitCode !== null) return;
        if (await ready()) return resolve(child);
        setTimeout(() => void check(), 50);
      };
      void check();
    }
    const onData = (d: Buffer) => {
      out += d;
      if (typeof ready !== 'function' && ready.test(out)) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('close', (code) => reject(new Error(`${command} exited with ${code}:\n${out}`)));
  });
}

export interface BankflowProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** What `npm start` runs, built first where older than its sources (`npm run build`). */
export function ensureBuild(): void {
  const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('npm run build failed');
}

/**
 * The real server as its own process (the built one, as `npm start` runs it). `dataDir` is PGlite's (ignored when DATABASE_URL is set);
 * several processes share one Postgres, never one PGlite directory.
 */
export async function startBankflow(ws: Workspace, dataDir: string, env: Record<string, string> = {}) {
  ensureBuild();
  const port = await freePort();
  // BENCH_CPU_PROF=dir writes the server's CPU profile there when it stops (open it in DevTools).
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = await startProcess(
    process.execPath,
    [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'build/service/main.js'],
    {
      // As `npm start` runs it: React's production build renders the pages and the mails.
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TLS_CERT_FILE: ws.certFile,
      TLS_KEY_FILE: ws.keyFile,
      BOOTSTRAP_ACCESS_TOKEN: BENCH_TOKEN,
      RATE_LIMIT_PER_MINUTE: '1000000000',
      PAYER_RATE_LIMIT_PER_MINUTE: '1000000000',
      // autocannon keeps a socket after `Connection: close`, so past the server's 1,000 requests a
      // connection it would read nothing but 503s: unlimited here, as behind a proxy's pool.
      MAX_REQUESTS_PER_CONNECTION: '0',
      LOG_LEVEL: 'error',
      ...env,
    },
    // It logs nothing at LOG_LEVEL=error: ready once /health says so.
    async () => (await request('GET', `https://127.0.0.1:${port}/health`, {}).catch(() => undefined))?.status === 200,
  );
  return {
    url: `https://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const closed = new Promise((r) => child.once('close', r));
      child.kill('SIGTERM');
      await closed;
    },
  } satisfies BankflowProcess;
}

export interface ReferenceProcess {
  url: string;
  child: ChildProcess;
}

/**
 * The bare server a measure stands beside (scripts/bench/reference-server.mjs) on `store`
 * ('postgres:<url>', 'pglite:<dir>' or 'none'). BENCH_CPU_PROF profiles it too, in a
 * `reference` directory beside bankflow's profiles.
 */
export async function startReference(ws: Workspace, store: string): Promise<ReferenceProcess> {
  const port = await freePort();
  const profileDir = process.env.BENCH_CPU_PROF;
  const child = await startProcess(
    process.execPath,
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/reference`] : []),
      'scripts/bench/reference-server.mjs',
      String(port),
      ws.certFile,
      ws.keyFile,
      store,
    ],
    {},
    /reference server ready/,
  );
  return { url: `https://127.0.0.1:${port}`, child };
}

/** A `POST /blocks` body, for bankflow and the reference alike. */
export const blockBody = (reference: string, description = 'bench') => ({
  blocks: { block_type: 'email', reason_type: 'other', reason_description: description, resource_reference: reference },
});

/** The reference's tables on Postgres, dropped when a mode is done with them. */
export async function dropReferenceTables(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS bench_ref_blocks, bench_ref_events');
  await client.end();
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export function request(method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const withLength = body ? { ...headers, 'content-length': String(Buffer.byteLength(body)) } : headers;
    const req = https.request(url, { method, headers: withLength, rejectUnauthorized: false }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function api<T = any>(base: string, method: string, pathname: string, payload?: unknown): Promise<T> {
  const res = await request(method, base + pathname, apiHeaders, payload ? JSON.stringify(payload) : undefined);
  if (res.status >= 300) throw new Error(`${method} ${pathname} answered ${res.status}: ${res.body}`);
  return JSON.parse(res.body) as T;
}

/** A process's CPU time so far (user + system, µs), from /proc (Linux); 0 elsewhere. */
export function cpuTimeUs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime, stime in clock ticks
  } catch {
    return 0;
  }
}

export interface Figures {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** CPU time the measured processes spent per answered request (user + system), in µs. */
  cpuUs: number;
}

/** One autocannon run; `pids` are the processes whose CPU time is divided by the requests. */
export async function measure(name: string, pids: (number | undefined)[], options: autocannon.Options) {
  const before = pids.reduce<number>((sum, pid) => sum + cpuTimeUs(pid), 0);
  // A run with failures says what the first one was, so a ratio is never read off error answers.
  let firstFailure: string | undefined;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ connections, duration: seconds, ...options }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, status) => {
      if (status >= 300 && !firstFailure) firstFailure = `${name}: first non-2xx answer was ${status}`;
    });
  });
  if (firstFailure) console.warn(firstFailure);
  const after = pids.reduce<number>((sum, pid) => sum + cpuTimeUs(pid), 0);
  return {
    name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuUs: Math.round((after - before) / Math.max(1, result.requests.total)),
  } satisfies Figures;
}

export function printTable(figures: Figures[]): void {
  console.log('| run | requests/s | p50 ms | p99 ms | non-2xx | errors | server CPU µs/request |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const f of figures)
    console.log(`| ${f.name} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.non2xx} | ${f.errors} | ${f.cpuUs} |`);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export const storeName = () => (process.env.DATABASE_URL ? 'Postgres' : 'PGlite');
