import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');
/**
 * Node with tsx as its loader, not the tsx CLI: the CLI is a second process relaying signals, so a
 * SIGTERM reached the server late or not at all (exit 143, a lock file left behind) under load.
 */
const tsNode = (script: string, args: string[] = []) =>
  [process.execPath, ['--import', 'tsx', script, ...args]] as const;

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry point of ours (the CLI, the server) as its own process. */
export function runTs(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(...tsNode(script, args), { cwd: ROOT, env: { ...process.env, ...env } });
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

/** Starts a long-running process and resolves once its output matches `ready`. */
export function startTs(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 60_000,
): Promise<{ child: ChildProcess; output: () => string; stop: () => Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(...tsNode(script), { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`not ready in time:\n${output}`));
    }, timeoutMs);
    const onData = (d: Buffer) => {
      output += d;
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({
          child,
          output: () => output,
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done(child.exitCode);
              child.once('close', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!ready.test(output)) reject(new Error(`exited with ${code} before ready:\n${output}`));
    });
  });
}
