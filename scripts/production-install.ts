/**
 * `npm run check:production`: the Dockerfile's production install, run without Docker on a clean
 * copy of the checkout (its tracked files, as a clone has them). The build stage's RUN commands
 * run in order (npm ci, npm run build, npm prune --omit=dev); then what the runtime stage copies
 * is all the server gets, and the Dockerfile's CMD and HEALTHCHECK must bring it to a healthy
 * /health/ready and stop it on SIGTERM. `npm start` on the pruned checkout must do the same (the
 * path without Docker, docs/operations.md). CI runs it (.ci/run); decision 0065 says why the
 * build needs the dev dependencies and the run does not.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Stage {
  name?: string;
  run: string[];
  /** `COPY --from=<stage> <from> <to>` */
  copies: { stage?: string; from: string; to: string }[];
  env: Record<string, string>;
  user?: string;
  healthcheck?: string[];
  cmd?: string[];
}

/** The Dockerfile's stages: enough of the format for this file's own instructions. */
export function readDockerfile(file = path.join(ROOT, 'Dockerfile')): Stage[] {
  const instructions = fs
    .readFileSync(file, 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of instructions) {
    const [, keyword, rest] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (keyword === 'FROM') {
      stages.push({ name: /\sAS\s+(\S+)$/i.exec(rest!)?.[1], run: [], copies: [], env: {} });
      continue;
    }
    const stage = stages.at(-1)!;
    if (keyword === 'RUN') stage.run.push(rest!);
    if (keyword === 'USER') stage.user = rest;
    if (keyword === 'CMD') stage.cmd = JSON.parse(rest!);
    if (keyword === 'HEALTHCHECK') stage.healthcheck = JSON.parse(/\bCMD\s+(\[.*\])$/.exec(rest!)![1]!);
    if (keyword === 'ENV') for (const [, k, v] of rest!.matchAll(/(\w+)=(\S+)/g)) stage.env[k!] = v!;
    if (keyword === 'COPY') {
      const from = /--from=(\S+)/.exec(rest!)?.[1];
      const [source, target] = rest!.replace(/--\S+\s*/g, '').split(/\s+/);
      stage.copies.push({ stage: from, from: source!, to: target! });
    }
  }
  return stages;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

function step(what: string, command: string, cwd: string) {
  console.log(`\n[production install] ${what}: ${command}`);
  const result = spawnSync('sh', ['-c', command], { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} failed (${result.status})`);
}

/** Runs `command` until the HEALTHCHECK passes, then SIGTERM: it must exit 0. */
async function serveAndStop(
  what: string,
  command: string[],
  cwd: string,
  env: Record<string, string>,
  check: string[],
) {
  console.log(`\n[production install] ${what}: ${command.join(' ')} (in ${cwd})`);
  const child = spawn(command[0]!, command.slice(1), { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode} before it was healthy`);
    if (Date.now() - started > 120_000) throw new Error(`${what}: not healthy after 120 s`);
    if (spawnSync(check[0]!, check.slice(1), { env: { ...process.env, ...env } }).status === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.log(`[production install] ${what}: healthy ${((Date.now() - started) / 1000).toFixed(1)} s after start`);
  child.kill('SIGTERM');
  const code = await exited;
  if (code !== 0) throw new Error(`${what} exited with ${code} on SIGTERM`);
}

async function main() {
  const [build, runtime] = readDockerfile();
  if (!build || !runtime?.cmd || !runtime.healthcheck)
    throw new Error('Dockerfile: expected a build and a runtime stage');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-production-'));
  try {
    const source = path.join(work, 'source');
    const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
    });
    for (const file of tracked.toString().split('\0').filter(Boolean)) {
      if (!fs.existsSync(path.join(ROOT, file))) continue; // deleted, not yet committed
      fs.mkdirSync(path.dirname(path.join(source, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, file), path.join(source, file));
    }
    for (const command of build.run) step('build stage', command, source);
    for (const dev of ['tsx', 'vitest', 'esbuild', '@remix-run/dev']) {
      if (fs.existsSync(path.join(source, 'node_modules', dev)))
        throw new Error(`${dev} is still installed after the prune`);
    }

    const env = { HOST: '127.0.0.1', PORT: String(await freePort()), DATA_DIR: path.join(work, 'npm-start-data') };
    await serveAndStop('npm start on the pruned checkout', ['npm', 'start'], source, env, runtime.healthcheck);

    // The runtime stage gets only what it copies from the build stage.
    const app = path.join(work, 'app');
    for (const copy of runtime.copies.filter((c) => c.stage === build.name)) {
      const target = path.join(app, copy.to);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.renameSync(path.join(source, path.relative('/app', copy.from)), target);
    }
    const imageEnv = {
      ...runtime.env,
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATA_DIR: path.join(work, 'image-data'),
    };
    await serveAndStop('the image (CMD, HEALTHCHECK)', runtime.cmd, app, imageEnv, runtime.healthcheck);
    console.log('\n[production install] ok');
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(`[production install] FAILED: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
