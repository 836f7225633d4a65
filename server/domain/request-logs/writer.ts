import type { Queryable } from '../../db/db';
import type { Logger } from '../../logger';
import { maskJsonText } from './masking';
import { insertRequestLogs, type RequestLogRow } from './queries';

/**
 * What the API pipeline hands over for one answered request, as it has it: the parsed request
 * body and the answer's text, unmasked. Masking, id scanning and the write happen later, in the
 * flush, so the request pays for one object and one array push (decision 0086).
 */
export interface RequestLogEntry {
  id: string;
  organisationId: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  durationMs: number;
  requestId: string;
  idempotencyKey: string | null;
  tokenName: string;
  /** The token's id, so a sandbox request can be re-sent with its identity (decision 0094). */
  tokenId: string;
  requestBody: unknown;
  responseText: string | null;
  /**
   * What is kept of the answer: all of it (writes, and every refusal); of a successful read of one
   * resource only the ids it names (the read answers the same again); of a successful list nothing
   * (its ids would be most of the store's work: decision 0086).
   */
  answer: 'kept' | 'ids' | 'none';
}

/** Bodies above this many characters are not kept (`body_truncated`): 30 days of large lists would be most of the store. */
export const MAX_LOGGED_BODY_CHARS = 64 * 1024;

/**
 * A bankflow id (a 2–4 letter prefix and a ULID, server/domain/shared/ids.ts): a whole segment of
 * the path, or a whole JSON string of the answer (anchored on its quotes, so the scan is cheap).
 */
const PATH_ID = /^[A-Z]{2,4}[0-7][0-9A-HJKMNP-TV-Z]{25}$/;
const ANSWER_ID = /"[A-Z]{2,4}[0-7][0-9A-HJKMNP-TV-Z]{25}"/g;
const MAX_RESOURCE_IDS = 200;

export interface RequestLogWriterOptions {
  db: Queryable;
  logger: Logger;
  /** Entries kept waiting at most; beyond it a request's log is dropped and counted. */
  maxQueued?: number;
  /** Rows per INSERT; a queue this long is flushed without waiting for the timer. */
  batchSize?: number;
  flushEveryMs?: number;
  /** Tests: awaited before each batch is written, to hold the write while requests go on. */
  holdWrites?: () => Promise<void>;
}

function rowOf(entry: RequestLogEntry): RequestLogRow {
  const requestText = entry.requestBody === undefined ? null : maskJsonText(JSON.stringify(entry.requestBody));
  const answer = entry.answer === 'none' ? null : entry.responseText;
  const responseText = entry.answer === 'kept' && answer !== null ? maskJsonText(answer) : null;
  const truncated =
    (requestText?.length ?? 0) > MAX_LOGGED_BODY_CHARS || (responseText?.length ?? 0) > MAX_LOGGED_BODY_CHARS;
  const ids = new Set(entry.path.split('/').filter((segment) => PATH_ID.test(segment)));
  for (const quoted of answer?.match(ANSWER_ID) ?? []) {
    if (ids.size >= MAX_RESOURCE_IDS) break;
    ids.add(quoted.slice(1, -1));
  }
  return {
    id: entry.id,
    organisation_id: entry.organisationId,
    created_at: entry.at,
    method: entry.method,
    path: entry.path,
    status: entry.status,
    duration_ms: entry.durationMs,
    request_id: entry.requestId,
    idempotency_key: entry.idempotencyKey,
    token_name: entry.tokenName,
    access_token_id: entry.tokenId,
    request_body: truncated ? null : requestText,
    response_body: truncated ? null : responseText,
    body_truncated: truncated,
    resource_ids: [...ids],
  };
}

/**
 * The request logs' queue: entries wait in memory and are written a batch per INSERT, every
 * `flushEveryMs` or as soon as a batch is full, one flush at a time. A request never awaits
 * it. When the store cannot keep up the queue stops growing at `maxQueued` and further entries are
 * dropped and counted (`bankflow_request_logs_dropped_total`); `close` writes what is left.
 */
export function createRequestLogWriter(options: RequestLogWriterOptions) {
  const maxQueued = options.maxQueued ?? 10_000;
  const batchSize = options.batchSize ?? 500;
  let queue: RequestLogEntry[] = [];
  let dropped = 0;
  let flushing: Promise<void> | undefined;
  let soon = false;
  let timer: NodeJS.Timeout | undefined;

  async function writeAll(): Promise<void> {
    while (queue.length) {
      const batch = queue.length > batchSize ? queue.splice(0, batchSize) : queue;
      if (batch === queue) queue = [];
      try {
        await options.holdWrites?.();
        await insertRequestLogs(options.db, batch.map(rowOf));
      } catch (error) {
        // Lost rather than retried: a log must not grow the queue while the store is failing.
        dropped += batch.length;
        options.logger.warn('request logs not written', { count: batch.length, error: String(error) });
        return;
      }
    }
  }

  function flush(): Promise<void> {
    soon = false;
    flushing ??= writeAll().finally(() => {
      flushing = undefined;
    });
    return flushing;
  }

  function flushSoon(): void {
    if (soon || flushing) return;
    soon = true;
    // Off the request's own turn: the request that filled the batch answers first.
    setImmediate(flush);
  }

  return {
    record(entry: RequestLogEntry): void {
      if (queue.length >= maxQueued) {
        dropped++;
        return;
      }
      queue.push(entry);
      if (queue.length >= batchSize) flushSoon();
    },
    /** Writes everything queued so far (a flush already running is waited for, then run again). */
    async flush(): Promise<void> {
      await flushing;
      await flush();
    },
    /** Entries dropped since the start: the queue was full, or their batch failed to write. */
    dropped: (): number => dropped,
    start(everyMs = options.flushEveryMs ?? 1000): void {
      timer = setInterval(flush, everyMs);
      timer.unref();
    },
    /** Stops the timer and writes what is still queued (graceful shutdown, before the store closes). */
    async close(): Promise<void> {
      clearInterval(timer);
      await this.flush();
    },
  };
}

export type RequestLogWriter = ReturnType<typeof createRequestLogWriter>;
