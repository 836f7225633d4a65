import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import pg from 'pg';
import { isStalePlan, preparedQuery } from './prepared-statements';

/**
 * A statement with parameters, sent to PGlite in one entry into Postgres instead of six.
 *
 * `PGlite.query` sends Parse, Describe statement, Bind, Describe portal, Execute and Sync each on
 * its own (it asks for the parameters' types to pick its serialisers), and parses and plans the
 * statement every time. Here a statement with parameters is a named prepared statement, parsed
 * once per database as on Postgres (prepared-statements.ts), and each run is one buffer of Bind,
 * Describe, Execute and Sync. Values are serialised as node-postgres serialises them for the same
 * statements on Postgres (`prepareValue`, with the types Postgres infers), so both stores read the
 * same parameters the same way; rows are parsed with PGlite's own parser and the database's
 * parsers, as `PGlite.query` parses them (decision 0055).
 */
const { serialize } = protocol;

/** node-postgres's own value serialiser (untyped in @types/pg, public as `pg.utils`). */
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const SYNC = serialize.sync();
const DESCRIBE_PORTAL = serialize.describe({ type: 'P' });
const EXECUTE = serialize.execute({});

export interface StatementRunner {
  /** Runs one statement; `inTransaction` says whether PGlite's transaction lock is already held. */
  run<T>(text: string, params: readonly unknown[], inTransaction: boolean): Promise<Results<T>>;
}

export function createStatementRunner(pglite: PGlite): StatementRunner {
  // Names of the prepared statements this database has parsed (they outlive transactions).
  const parsed = new Set<string>();

  const send = async (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function once<T>(text: string, params: readonly unknown[]): Promise<Results<T>> {
    const query = preparedQuery(text, params);
    const values = params.map((value) => prepareValue(value) as string | null);
    let messages;
    if (typeof query === 'string' || !query.name) {
      // No parameters, or a text kept unprepared: parsed and run in the same entry.
      messages = await send(
        concat([serialize.parse({ text }), serialize.bind({ statement: '', values }), DESCRIBE_PORTAL, EXECUTE, SYNC]),
      );
    } else {
      const name = query.name;
      if (!parsed.has(name)) {
        await send(concat([serialize.parse({ name, text }), SYNC]));
        parsed.add(name);
      }
      messages = await send(concat([serialize.bind({ statement: name, values }), DESCRIBE_PORTAL, EXECUTE, SYNC]));
    }
    return parse.parseResults(messages, pglite.parsers)[0] as Results<T>;
  }

  return {
    async run<T>(text: string, params: readonly unknown[], inTransaction: boolean) {
      if (inTransaction) return pglite._runExclusiveQuery(() => once<T>(text, params));
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(async () => {
          let result: Results<T>;
          try {
            result = await once<T>(text, params);
          } catch (error) {
            // A prepared `SELECT *` whose table changed: this text is sent unprepared from now on.
            if (!isStalePlan(error, text)) throw error;
            result = await once<T>(text, params);
          }
          await pglite.syncToFs();
          return result;
        }),
      );
    },
  };
}
