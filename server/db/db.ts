import pg from 'pg';
import { parseTimestamptz, TIMESTAMPTZ } from './timestamps';
import { isStalePlan, statementFor } from './prepared-statements';

/**
 * One query interface over two drivers: node-postgres (a real server, several processes) and
 * PGlite (WASM Postgres embedded in this process). Both take `$1`-style parameters and return
 * rows as objects, so every query in the domain runs unchanged on either.
 *
 * Inside `transaction(fn)` use only the `tx` handed to `fn`: PGlite has a single connection and
 * serialises all queries behind its transaction, so reaching for the outer handle would wait forever.
 */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/**
 * A unit of work's limits. Once `deadline` has expired no further statement is sent, and a transaction
 * still open rolls back rather than commit. `statementTimeoutMs` bounds each statement on the
 * server (`SET LOCAL statement_timeout`), so a statement stuck on a lock is cancelled too.
 */
export interface TransactionOptions {
  deadline?: Expirable;
  statementTimeoutMs?: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /** Connections of the pool (Postgres only), for /metrics. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Whether this process still holds the data directory's lock (PGlite opened by `openDatabase`). */
  dataDirHeld?(): boolean;
  /**
   * Runs `work` as a request being served. Only PGlite tells its statements apart (decision 0048:
   * background statements give the event loop a turn after each, a request's run on), so only
   * PGlite pays for knowing; on Postgres this is `work()` (decision 0057).
   */
  serving<T>(work: () => T): T;
}

/** Thrown when a unit of work's deadline passed: what it did was rolled back, or never sent. */
export class DeadlineExceededError extends Error {
  readonly isDeadlineExceeded = true;
  constructor() {
    super('deadline exceeded');
    this.name = 'DeadlineExceededError';
  }
}

/** Postgres cancelled a statement (statement_timeout or a cancel request). */
const QUERY_CANCELED = '57014';

export function isDeadlineExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (
    (error as { isDeadlineExceeded?: unknown }).isDeadlineExceeded === true ||
    (error as { code?: unknown }).code === QUERY_CANCELED
  );
}

const UNREACHABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
// SQLSTATEs: 57P01-57P03 the server is shutting down, crashed or starting; 53100 disk full.
const UNAVAILABLE_SQLSTATE = new Set(['57P01', '57P02', '57P03', '53100']);
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Connection ended unexpectedly|not queryable/i;

/** SQLSTATE 53100 (disk_full) or the bare errno: the store's disk has no space left. */
export function isDiskFull(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (code === '53100' || code === 'ENOSPC') return true;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && /No space left on device/i.test(message);
}

/**
 * The database is away (stopped, restarting, unreachable, out of disk) rather than the request
 * being wrong: the API answers 503 with Retry-After, and the next request tries again. The pool
 * reconnects on its own, so the server recovers without a restart.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (isDiskFull(error)) return true;
  if (typeof code === 'string') {
    if (UNREACHABLE_ERRNO.has(code) || UNAVAILABLE_SQLSTATE.has(code) || code.startsWith('08')) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && UNREACHABLE_MESSAGE.test(message);
}

/** A request's deadline as the store sees it (server/api/deadlines.ts). */
export interface Expirable {
  readonly expired: boolean;
}

export function checkDeadline(deadline: Expirable | undefined): void {
  if (deadline?.expired) throw new DeadlineExceededError();
}

/** A handle that refuses to send anything once `deadline` has expired (reads under a deadline). */
export function withDeadline(db: Queryable, deadline: Expirable | undefined): Queryable {
  if (!deadline) return db;
  return {
    query(text, params) {
      checkDeadline(deadline);
      return db.query(text, params);
    },
    exec(script) {
      checkDeadline(deadline);
      return db.exec(script);
    },
  };
}

// Type OIDs whose default parsing we change so both drivers give the same JavaScript values.
export const INT8 = 20;
export const DATE = 1082;
export const NUMERIC = 1700;

/** bigint columns hold minor units and counts: numbers, refusing anything a double cannot hold. */
export function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new Error(`integer out of safe range: ${value}`);
  return n;
}
export const keepString = (value: string) => value;

const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return parseInt8;
    if (oid === DATE || oid === NUMERIC) return keepString;
    if (oid === TIMESTAMPTZ) return parseTimestamptz;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

// Serialisation failures and deadlocks are safe to retry: the transaction did nothing.
const STALE_PLAN_RETRY = 'bankflow_stale_plan';
const RETRYABLE = new Set(['40001', '40P01', STALE_PLAN_RETRY]);

/** One statement on a pool (which lends it a client) or on a client, named when it has parameters. */
async function send<T>(on: pg.Pool | pg.PoolClient, text: string, params: readonly unknown[]) {
  const result = await on.query(statementFor(text, params));
  return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
}

/**
 * What opens a transaction: `BEGIN` and, under a time limit, `SET LOCAL statement_timeout` (which
 * ends with the transaction), one round trip in one simple query. The limit is a number we made.
 */
function openingOf(timeoutMs: number | undefined): string {
  if (timeoutMs === undefined) return 'BEGIN';
  return `BEGIN; SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(timeoutMs))}`;
}

export function createPostgresDatabase(connectionString: string, options: { max?: number } = {}): Database {
  // A connection that cannot be made within 5 s fails the request (503) instead of holding it.
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types: pgTypes,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    serving: (work) => work(),
    query<T>(text: string, params: readonly unknown[] = []) {
      return send<T>(pool, text, params).catch((error: unknown) => {
        if (isStalePlan(error, text)) return send<T>(pool, text, params);
        throw error;
      });
    },
    async exec(script: string) {
      await pool.query(script);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      const { deadline } = options;
      for (let attempt = 1; ; attempt++) {
        checkDeadline(deadline);
        const client = await pool.connect();
        // A checked-out client whose connection drops (Postgres restarting) emits 'error'; with no
        // listener that would crash the process. Its next query fails; release then discards it.
        const watch = {
          broken: undefined as Error | undefined,
          onError(error: Error) {
            watch.broken = error;
          },
        };
        client.on('error', watch.onError);
        // Opened by the first statement, so a unit of work that sends nothing sends no BEGIN or COMMIT.
        let opened: Promise<unknown> | undefined;
        const open = () => (opened ??= client.query(openingOf(options.statementTimeoutMs)));
        const tx: Queryable = withDeadline(
          {
            async query<R>(text: string, params: readonly unknown[] = []) {
              await open();
              return send<R>(client, text, params).catch((error: unknown) => {
                // The transaction is spoilt: it is retried whole, this text then under a new name.
                if (isStalePlan(error, text)) (error as { code?: string }).code = STALE_PLAN_RETRY;
                throw error;
              });
            },
            async exec(script: string) {
              await open();
              await client.query(script);
            },
          },
          deadline,
        );
        try {
          const value = await fn(tx);
          // Past the deadline the caller has been (or is being) told it failed: never commit then.
          checkDeadline(deadline);
          if (opened) await client.query('COMMIT');
          return value;
        } catch (error) {
          if (opened) {
            await client.query('ROLLBACK').catch((rollbackError: Error) => {
              watch.broken ??= rollbackError;
            });
          }
          const code = (error as { code?: string }).code;
          if (code && RETRYABLE.has(code) && attempt < 3) continue;
          throw error;
        } finally {
          client.off('error', watch.onError);
          client.release(watch.broken);
        }
      }
    },
    async close() {
      await pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}
