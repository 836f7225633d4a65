import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes';

/**
 * The short run of `npm run fault:webhooks` (scripts/webhook-faults.ts; the long one's figures are
 * in docs/bad-input.md, "Outbound"): silent, slow, always-500 and redirecting receivers with
 * garbage collection forced, then internal addresses at registration and at connection time.
 * The script checks its own bounds and exits 1 when one fails; the figures are asserted here too.
 */
function runFaults(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/webhook-faults.mjs'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run fault:webhooks, short', () => {
  it('keeps healthy deliveries flowing past hostile receivers and never reaches an internal address', async () => {
    const run = await runFaults({ FAULT_SECONDS: '6', FAULT_TIMEOUT_MS: '2000', FAULT_PER_SECOND: '4' });
    // No figures means the script stopped early: say why, not only that the JSON is missing.
    expect(run.stdout.lastIndexOf('}'), run.stderr).toBeGreaterThan(0);
    const figures = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'), run.stdout.lastIndexOf('}') + 1));
    expect(run.stderr).not.toContain('FAILED');
    expect(run.code).toBe(0);
    expect(figures.gc.collections).toBeGreaterThan(0);
    expect(figures.healthy.delivered).toBe(figures.healthy.queued);
    expect(figures.healthy.p95Ms).toBeLessThan(2_000);
    expect(figures.receivers.silent.maxOpen).toBeLessThanOrEqual(2);
    expect(figures.receivers.silent.attempts.timed_out).toBeGreaterThan(0);
    expect(figures.receivers.always_500.attempts.http_500).toBeGreaterThan(0);
    expect(figures.receivers.redirect.attempts.http_302).toBeGreaterThan(0);
    expect(figures.redirectCanaryHits).toBe(0);
    expect(figures.alwaysFiveHundredBody).toEqual({ max_bytes: 2048, controls: 0 });
    expect(figures.registration.refused).toBe(figures.registration.tried);
    expect(figures.connection).toMatchObject({ refused: figures.connection.tried, reachedReceiver: 0 });
  }, 180_000);
});
