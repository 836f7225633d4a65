import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import pg from 'pg';
import { statementFor } from './prepared-statements';

/**
 * PGlite's adapter: a statement with parameters, sent to PGlite in one entry into Postgres instead
 * of six. Only PGlite's public API (`execProtocolStream` under `runExclusive`, its `protocol`
 * serialiser and `parse.parseResults`), but it relies on how they behave together, so the version
 * is pinned exactly in package.json and test/pglite/adapter.test.ts is the contract an upgrade
 * must pass (decision 0067).
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
  /**
   * Runs one statement under PGlite's query lock (`runExclusive`), which keeps other statements'
   * messages out of its buffer. Which transaction it runs in is the caller's business (pglite.ts).
   */
  run<T>(text: string, params: readonly unknown[]): Promise<Results<T>>;
}

export function createStatementRunner(pglite: PGlite): StatementRunner {
  // Names of the prepared statements this database has parsed (they outlive transactions).
  const parsed = new Set<string>();

  const send = async (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });

  async function once<T>(text: string, params: readonly unknown[]): Promise<Results<T>> {
    const query = statementFor(text, params);
    const values = params.map((value) => prepareValue(value) as string | null);
    let messages;
    if (typeof query === 'string' || !query.name) {
      // No parameters, or past the bound on names: parsed and run in the same entry.
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
    run<T>(text: string, params: readonly unknown[]) {
      return pglite.runExclusive(() => once<T>(text, params));
    },
  };
}
