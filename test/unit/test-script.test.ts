import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes';

/**
 * `npm test` (scripts/test.mjs) runs the browser tests even when vitest fails, and fails at the
 * end (issue 35: a unit failure kept the 150 browser tests from ever running). npx and apt-get are
 * stand-ins here that write down how they were called; the build step is the real one.
 */
const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'bankflow-test-script-'));
const calls = path.join(bin, 'calls.log');
const standIn = (name: string, failWhen: string) =>
  fs.writeFileSync(
    path.join(bin, name),
    `#!/bin/sh\necho "${name} $*" >> "${calls}"\ncase "$1" in ${failWhen}) exit 1;; esac\nexit 0\n`,
    { mode: 0o755 },
  );
standIn('npx', 'vitest');
standIn('apt-get', 'never');
afterAll(() => fs.rmSync(bin, { recursive: true, force: true }));

describe('npm test', () => {
  it('runs the Playwright journeys after vitest fails, then exits non-zero naming what failed', async () => {
    const child = spawn(process.execPath, ['scripts/test.mjs'], {
      cwd: ROOT,
      env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));

    expect(code).toBe(1);
    const called = fs.readFileSync(calls, 'utf8').trim().split('\n');
    const npx = called.filter((line) => line.startsWith('npx'));
    expect(npx).toHaveLength(2);
    // vitest also writes a JSON report, from which the summary names the failed tests.
    expect(npx[0]).toMatch(/^npx vitest run --reporter=default --reporter=json --outputFile\.json=\S+report\.json$/);
    expect(npx[1]).toBe('npx playwright test');
    expect(output).toMatch(/FAILED {2}vitest/);
    expect(output).toMatch(/passed {2}playwright/);
  }, 120_000);
});
