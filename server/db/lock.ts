import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite neither locks its data directory nor fsyncs, so two processes on one DATA_DIR would
 * corrupt it. This lock file makes a second process fail fast with a clear message instead.
 *
 * A PID alone is not an identity: after a crash the kernel may give the dead owner's PID to any
 * new process (in a container, PID 1 comes back on every start). So the file records who owns it
 * as PID + the process's start time (jiffies since boot, from /proc/<pid>/stat) + the boot id;
 * the owner is alive only when a process with that PID exists *and* started at that moment of
 * this boot. Where /proc is missing (macOS, Windows) it falls back to the PID alone.
 * A stale lock is taken over under a short-lived guard file so two starters cannot both take it.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${pid}. Stop that process first, ` +
        'or point this one at another DATA_DIR (or at Postgres with DATABASE_URL).',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Owner {
  pid: number;
  /** Field 22 of /proc/<pid>/stat; undefined where /proc does not exist. */
  start?: string;
  boot?: string;
}

function readOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A process's start time since boot, or undefined if it does not exist or /proc is missing. */
export function processStartTime(pid: number): string | undefined {
  const stat = readOrUndefined(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) may contain spaces and parentheses: count fields after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19]; // field 22 overall
}

const bootId = () => readOrUndefined('/proc/sys/kernel/random/boot_id')?.trim();

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): Owner | undefined {
  try {
    const owner = JSON.parse(text) as Owner;
    if (Number.isInteger(owner.pid)) return owner;
  } catch {
    // A lock written by an older version held the bare pid.
    const pid = Number.parseInt(text, 10);
    if (Number.isInteger(pid)) return { pid };
  }
  return undefined;
}

/** Whether the process that wrote this lock is still running (not merely its PID reused). */
export function ownerAlive(owner: Owner): boolean {
  if (!processExists(owner.pid)) return false;
  if (owner.boot && bootId() && owner.boot !== bootId()) return false;
  if (owner.start !== undefined) {
    const now = processStartTime(owner.pid);
    if (now !== undefined && now !== owner.start) return false;
  }
  return true;
}

const self = (): Owner => ({ pid: process.pid, start: processStartTime(process.pid), boot: bootId() });

export interface DataDirLock {
  release(): void;
}

/** Runs `fn` holding `<file>.takeover`; a guard left by a crash is cleared after 10 s. */
function underTakeoverGuard(file: string, fn: () => void): boolean {
  const guard = `${file}.takeover`;
  try {
    fs.writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (fs.statSync(guard, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > 10_000) fs.rmSync(guard, { force: true });
    return false;
  }
  try {
    fn();
    return true;
  } finally {
    fs.rmSync(guard, { force: true });
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'bankflow.lock');
  const me = JSON.stringify(self());
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      fs.writeFileSync(file, me, { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === me) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const text = readOrUndefined(file);
      if (text === undefined) continue; // removed meanwhile: try again
      const owner = parseOwner(text);
      if (owner && owner.pid !== process.pid && ownerAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      // Stale (its owner died, perhaps with its PID now someone else's): take it over, re-checking
      // under the guard that it is still the same stale file.
      const tookOver = underTakeoverGuard(file, () => {
        if (readOrUndefined(file) === text) fs.rmSync(file, { force: true });
      });
      // Another starter holds the guard: give it a moment rather than spin.
      if (!tookOver) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
