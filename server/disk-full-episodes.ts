import type { Logger } from './logger';

/** What a full disk looks like in a log line's error: Postgres's 53100 text, or the bare errno. */
const DISK_FULL = /No space left on device|ENOSPC|could not extend file|\b53100\b/;

/**
 * How long no write may have met the full disk before a success ends the episode: while the disk is
 * full some writes still fit in pages already there, and a success between two failures is not the
 * space coming back (a run logged five episodes in 200 ms without this). 10 s, not 2: on a loaded
 * machine one request met the full disk more than 2 s after the last success and opened a second episode.
 */
export const DISK_FULL_QUIET_MS = 10_000;

export interface DiskFullEpisodes {
  /** The logger the whole process writes through: one line per full-disk episode, whoever hit it. */
  logger: Logger;
  /** A write went through: the episode ends with one "disk space back" line once no write failed for DISK_FULL_QUIET_MS. */
  writeSucceeded(fields?: Record<string, unknown>): void;
}

/**
 * A full disk is one line per episode (issue #40.5), not one per request and per job round: the
 * API, the webhook worker, the notice sender and the scheme clock all fail on it at once, every
 * tick. The first warning or error whose text is a full disk is written as the episode's line,
 * naming what met it; the rest are dropped until writes succeed again.
 */
export function diskFullEpisodes(logger: Logger): DiskFullEpisodes {
  let open = false;
  let dropped = 0;
  let lastFailure = 0;
  let succeededSince = false;
  let backFields: Record<string, unknown> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const isDiskFull = (msg: string, fields?: Record<string, unknown>) =>
    DISK_FULL.test(typeof fields?.error === 'string' ? fields.error : '') || DISK_FULL.test(msg);
  const guarded =
    (level: 'warn' | 'error') =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (!isDiskFull(msg, fields)) return logger[level](msg, fields);
      lastFailure = Date.now();
      succeededSince = false;
      if (open) {
        dropped++;
        return;
      }
      open = true;
      logger.error('disk full (ENOSPC): the database cannot write; answering 503 until space is freed', {
        ...fields,
        met_by: msg,
      });
    };
  /** Ends the episode if a write went through after the last failure and none has failed since for the quiet time. */
  function settle() {
    timer = undefined;
    if (!open || !succeededSince) return;
    const wait = lastFailure + DISK_FULL_QUIET_MS - Date.now();
    if (wait > 0) {
      timer = setTimeout(settle, wait);
      timer.unref();
      return;
    }
    open = false;
    logger.info('disk space back: writes succeed again', { ...backFields, lines_dropped: dropped });
    dropped = 0;
  }
  return {
    logger: { debug: logger.debug, info: logger.info, warn: guarded('warn'), error: guarded('error') },
    writeSucceeded(fields) {
      if (!open) return;
      succeededSince = true;
      backFields = fields;
      if (!timer) settle();
    },
  };
}
