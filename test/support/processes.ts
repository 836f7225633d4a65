import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
/**
 * The built entry points, as `npm start` and `npm run cli` run them: plain node, one process, no
 * transpiler (a CLI call took 1.2 s under tsx on a quiet machine and up to 62 s on a busy one;
 * docs/benchmarks.md "Start-up"). The global setup rebuilds them when older than the sources.
 */
export const SERVER_ENTRY = path.join(ROOT, 'build/service/main.js');
export const CLI_ENTRY = path.join(ROOT, 'build/service/cli.js');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(entry: string, args: string[], env: Record<string, string>, timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [entry, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** One call of the operator's CLI (`npm run cli -- …`) to its end. */
export const runCli = (args: string[], env: Record<string, string>, timeoutMs = 60_000) =>
  run(CLI_ENTRY, args, env, timeoutMs);

/** The server run to its end: for starts that must fail (a bad configuration, a taken DATA_DIR). */
export const runServer = (env: Record<string, string>, timeoutMs = 60_000) => run(SERVER_ENTRY, [], env, timeoutMs);

/** The `ready` log line's listening address (the line comes at LOG_LEVEL=info, the default). */
export function readyUrl(output: string): string | undefined {
  // Whole lines only: the last one may still be arriving.
  const line = output
    .split('\n')
    .slice(0, -1)
    .find((l) => l.startsWith('{') && l.includes('"msg":"ready"'));
  return line ? (JSON.parse(line) as { listening: string }).listening : undefined;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** stdout and stderr as they came. */
  output: () => string;
  stdout: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/** Starts the server as its own process and resolves once it logs `ready` (an info line). */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { ...process.env, ...env, LOG_LEVEL: 'info' },
    });
    let output = '';
    let stdout = '';
    let url: string | undefined;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready in time:\n${output}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      if (url) return;
      url = readyUrl(output);
      if (!url) return;
      clearTimeout(timer);
      resolve({
        child,
        url,
        output: () => output,
        stdout: () => stdout,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done(child.exitCode);
            child.once('close', (code) => done(code));
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d;
      onData(d);
    });
    child.stderr!.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!url) reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}
