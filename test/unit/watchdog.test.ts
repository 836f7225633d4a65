import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes';

/**
 * The watchdog, in a real process: a loop that never turns again (as PGlite's on a full disk when
 * its write-ahead log needs a new segment) is killed with one line on stderr; a loop that turns is not.
 */
function runWith(
  stallMs: number,
  body: string,
): Promise<{ signal: NodeJS.Signals | null; code: number | null; stderr: string }> {
  const script = `import('./server/watchdog.ts').then((m) => { m.startEventLoopWatchdog(${stallMs}); ${body} });`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code, signal) => resolve({ code, signal, stderr }));
  });
}

describe('the event-loop watchdog', () => {
  it('kills a process whose event loop has stalled, saying so in one line', async () => {
    const started = Date.now();
    // Blocks the thread for 20 s, far past the 600 ms allowed.
    const result = await runWith(600, 'const end = Date.now() + 20000; while (Date.now() < end) {}');
    expect(result.signal).toBe('SIGKILL');
    expect(Date.now() - started).toBeLessThan(15_000);
    const line = JSON.parse(result.stderr.trim().split('\n').at(-1)!);
    expect(line).toMatchObject({ level: 'fatal', stalled_ms: expect.any(Number) });
    expect(line.msg).toMatch(/event loop stalled/);
  }, 30_000);

  it('leaves a process whose event loop keeps turning alone', async () => {
    const result = await runWith(600, 'setTimeout(() => process.exit(0), 2500);');
    expect(result).toMatchObject({ code: 0, signal: null, stderr: '' });
  }, 30_000);
});
