import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite neither locks its data directory nor fsyncs, so two processes on one DATA_DIR would
 * corrupt it. This lock file (holding the owner's pid) makes a second process fail fast with a
 * clear message instead. A lock left by a process that no longer exists is taken over.
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

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'bankflow.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processExists(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      // Stale lock from a process that died: remove it and try once more.
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
