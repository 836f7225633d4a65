/**
 * `npm run bench -- --start-up`: how long `npm start` takes to a 200 from /health on the embedded
 * store, on an empty DATA_DIR (the quick start's first start) and on one already used, and how
 * long one CLI call takes, as `npm run cli` and as the tests make it (node on the built CLI).
 * Medians of BENCH_RUNS runs (default 5), each one process from nothing (issue 35 "Startup": at
 * most 3 s on a warm machine; a CLI call at most 2 s).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, freePort, request } from './common';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Milliseconds from spawning `npm start` to /health's first 200; then SIGTERM, awaited. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => child.once('close', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const health = await request('GET', `https://127.0.0.1:${port}/health`, { connection: 'close' }).catch(
        () => undefined,
      );
      if (health?.status === 200) return performance.now() - started;
      await sleep(20);
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function timeCli(command: string, args: string[], dataDir: string): number {
  const started = performance.now();
  const result = spawnSync(command, args, { env: { ...process.env, DATA_DIR: dataDir }, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - started;
}

export async function runStartUp(): Promise<void> {
  ensureBuild();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-start-up-'));
  const figures: Record<string, number[]> = {
    first: [],
    later: [],
    'npm run cli': [],
    'node build/service/cli.js': [],
  };
  try {
    for (let i = 0; i < RUNS; i++) {
      const dataDir = path.join(root, `data-${i}`);
      figures.first!.push(await timeStart(dataDir));
      figures.later!.push(await timeStart(dataDir));
      const list = ['organisations', 'list', '--json'];
      figures['npm run cli']!.push(timeCli('npm', ['run', '--silent', 'cli', '--', ...list], dataDir));
      figures['node build/service/cli.js']!.push(timeCli(process.execPath, ['build/service/cli.js', ...list], dataDir));
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const load = os.loadavg()[0]!.toFixed(1);
  console.log(`\nStart-up, medians of ${RUNS} runs (load average ${load}, ${os.cpus().length} cores):`);
  const show = (values: number[]) =>
    `${(median(values) / 1000).toFixed(2)} s (${values.map((v) => (v / 1000).toFixed(2)).join(', ')})`;
  console.log(`  npm start → /health 200, empty DATA_DIR:  ${show(figures.first!)}`);
  console.log(`  npm start → /health 200, DATA_DIR in use: ${show(figures.later!)}`);
  console.log(`  one CLI call, npm run cli:                ${show(figures['npm run cli']!)}`);
  console.log(`  one CLI call, node build/service/cli.js:  ${show(figures['node build/service/cli.js']!)}`);
}
