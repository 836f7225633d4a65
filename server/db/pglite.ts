import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import {
  checkDeadline,
  DATE,
  INT8,
  keepString,
  NUMERIC,
  parseInt8,
  withDeadline,
  type Database,
  type Queryable,
  type TransactionOptions,
} from './db';
import { createStatementRunner } from './pglite-statements';
import { isStalePlan } from './prepared-statements';

/** PGlite, WASM Postgres embedded in this process, behind the one `Database` interface (db.ts). */

/**
 * PGlite runs each statement synchronously on this thread and settles its promise at once, so a
 * chain of awaited statements (a job applying 500 moves) never gives the event loop a turn: no
 * request is read, no answer written, until the chain ends (a sandbox `POST /payments` waited up
 * to 600 ms behind the scheme clock while its own transaction took 20). So background work (any
 * statement sent outside a request) waits for the next turn of the loop after each statement,
 * and requests are read and answered in between. A request's own statements run on: yielding
 * after those too let every page's statements queue behind everyone else's work and tripled the
 * payer pages' time to first byte at full load (decision 0048).
 */
async function pgliteStatement<T>(run: () => Promise<T>): Promise<T> {
  const result = await run();
  if (!serving.getStore()) await nextTurn();
  return result;
}

/**
 * Whether the running code serves a request (`Database.serving`). Only here: its promise hooks
 * cost a Postgres list read about a tenth of its CPU (decision 0057), which on PGlite, whose own
 * statements take most of a request's time, is small beside what the turns above save.
 */
const serving = new AsyncLocalStorage<true>();

/**
 * PGlite is one connection: a statement sent outside a transaction must wait until the transaction
 * under way is over, or it would run inside it. PGlite's public lock (`runExclusive`) guards one
 * statement's messages, not a transaction, so units take turns here, in the order they came.
 */
function turns() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const turn = last.then(work);
    last = turn.catch(() => undefined);
    return turn;
  };
}

export function wrapPglite(pglite: PGlite): Database {
  const statements = createStatementRunner(pglite);
  const inTurn = turns();
  /** A statement on its own, committed (and written to disk) before the next one's turn. */
  async function alone<T>(text: string, params: readonly unknown[]) {
    let result;
    try {
      result = await statements.run<T>(text, params);
    } catch (error) {
      // A prepared `SELECT *` whose table changed: this text again, under its new name.
      if (!isStalePlan(error, text)) throw error;
      result = await statements.run<T>(text, params);
    }
    await pglite.syncToFs();
    return result;
  }
  return {
    kind: 'pglite',
    serving: (work) => serving.run(true, work),
    async query<T>(text: string, params: readonly unknown[] = []) {
      const result = await pgliteStatement(() => inTurn(() => alone<T>(text, params)));
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(script: string) {
      await inTurn(() => pglite.exec(script));
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
      const { deadline } = options;
      checkDeadline(deadline);
      // PGlite runs one statement at a time in this process, so a statement_timeout would not
      // interrupt it; the deadline is checked before every statement and before the commit instead.
      return inTurn(() =>
        pglite.transaction(async (t) => {
          // Statements go through the runner under the transaction's lock; scripts through PGlite.
          const tx = withDeadline(
            {
              async query<R>(text: string, params: readonly unknown[] = []) {
                const result = await pgliteStatement(() => statements.run<R>(text, params));
                return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
              },
              async exec(script: string) {
                await t.exec(script);
              },
            },
            deadline,
          );
          const value = await fn(tx);
          checkDeadline(deadline);
          return value;
        }),
      );
    },
    async close() {
      await pglite.close();
    },
  };
}

/** PGlite options that make it parse values as node-postgres (db.ts) does. */
export const pgliteParsers = {
  [INT8]: parseInt8,
  [DATE]: keepString,
  [NUMERIC]: keepString,
};

export async function openPglite(dataDir?: string, loadDataDir?: Blob | File): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create({ dataDir, loadDataDir, parsers: pgliteParsers });
  return wrapPglite(pglite);
}
