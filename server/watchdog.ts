import { Worker } from 'node:worker_threads';

/**
 * The last resort for a stalled event loop. On a full disk, when PGlite's write-ahead log needs a
 * new segment, PGlite blocks the thread for good (docs/operations.md, "What each failure costs"):
 * nothing on that thread can notice, answer 503 or exit. A worker thread runs beside it, sees the
 * heartbeats stop, writes one line to stderr and kills the process, so its supervisor restarts it;
 * the data directory then opens at its last commit, and nothing acknowledged is lost.
 */
const WATCHER = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const beats = new Int32Array(workerData.buffer);
let seen = Atomics.load(beats, 0);
let since = Date.now();
setInterval(() => {
  const now = Atomics.load(beats, 0);
  if (now !== seen) { seen = now; since = Date.now(); return; }
  const stalled = Date.now() - since;
  if (stalled < workerData.stallMs) return;
  fs.writeSync(2, JSON.stringify({ level: 'fatal', time: new Date().toISOString(), msg: 'event loop stalled: killing the process so its supervisor restarts it (a full disk under PGlite?)', stalled_ms: stalled }) + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, Math.min(250, workerData.stallMs / 4));
`;

/** Starts the watchdog: the process is killed once its event loop has not turned for `stallMs`. */
export function startEventLoopWatchdog(stallMs: number): { stop(): void } {
  const buffer = new SharedArrayBuffer(4);
  const beats = new Int32Array(buffer);
  const beat = setInterval(() => Atomics.add(beats, 0, 1), Math.min(1000, stallMs / 4));
  beat.unref();
  const worker = new Worker(WATCHER, { eval: true, workerData: { buffer, stallMs } });
  worker.unref();
  return {
    stop() {
      clearInterval(beat);
      void worker.terminate();
    },
  };
}
