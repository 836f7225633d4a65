import pg from 'pg';
import { shapeOf, type Shape } from './row-shapes';

type Parser = (text: string) => unknown;
export interface TypeParsers {
  getTypeParser(oid: number, format?: 'text' | 'binary'): Parser;
}
interface Field {
  name: string;
  dataTypeID: number;
  format?: string;
}

/** What one statement text's rows need: the columns they were planned for, a parser per column, a shape. */
interface Plan {
  fields: readonly Field[];
  parsers: Parser[];
  shape: Shape;
}
const plans = new Map<string, Plan>();
const MAX_PLANS = 5000;

function planFor(text: string, fields: readonly Field[], types: TypeParsers): Plan {
  const known = plans.get(text);
  if (known && sameColumns(known.fields, fields)) return known;
  const plan: Plan = {
    fields,
    parsers: fields.map((field) =>
      types.getTypeParser(field.dataTypeID, field.format === 'binary' ? 'binary' : 'text'),
    ),
    shape: shapeOf(fields.map((field) => field.name)),
  };
  // A known text whose columns changed (`SELECT *` after a migration) takes its new plan.
  if (known || plans.size < MAX_PLANS) plans.set(text, plan);
  return plan;
}

/** Same names and same types: a column whose type changed needs another parser. */
function sameColumns(known: readonly Field[], fields: readonly Field[]): boolean {
  if (known.length !== fields.length) return false;
  for (let i = 0; i < known.length; i++) {
    if (known[i]!.name !== fields[i]!.name || known[i]!.dataTypeID !== fields[i]!.dataTypeID) return false;
  }
  return true;
}

/** The parts of node-postgres's connection (pg/lib/connection.js) an opening is written with. */
interface Connection {
  parsedStatements: Record<string, string | undefined>;
  bind(config: { statement: string; values: unknown[] }): void;
  execute(config: object): void;
}

/** The parts of node-postgres's `Query` (pg/lib/query.js) this class takes over or reads. */
interface QueryInternals {
  text: string;
  name?: string;
  _result: { fields: readonly Field[]; rows: unknown[] };
  _canceledDueToError: unknown;
  _accumulateRows: boolean;
  _checkForMultirow(): void;
  handleCommandComplete(message: unknown, connection: Connection): void;
  prepare(connection: Connection): void;
}
const PgQuery = pg.Query as unknown as new (text: string, values: unknown[]) => QueryInternals;

export interface Statement {
  text: string;
  /** The prepared statement's name; none sends it unnamed (parsed again each time). */
  name?: string;
  values: unknown[];
  /** Open the transaction in the same round trip, before this statement (opening.ts). */
  opening?: Opening;
}

/**
 * A transaction's opening, sent ahead of its first statement: `BEGIN` and, when the transaction
 * has a time limit, `set_config('statement_timeout', …, true)` (which is `SET LOCAL`), both as
 * statements the connection has already prepared, so the batch parses nothing but the statement.
 */
export interface Opening {
  timeoutMs: number | undefined;
}
export const OPENING_BEGIN = { name: 'bf_begin', text: 'BEGIN' };
export const OPENING_TIMEOUT = {
  name: 'bf_statement_timeout',
  text: "SELECT set_config('statement_timeout', $1, true)",
};
export const timeoutSetting = (ms: number) => String(Math.max(1, Math.ceil(ms)));

/** Whether a client's connection has the opening's statements prepared (from its first transaction). */
export function canOpenInline(client: pg.PoolClient, opening: Opening): boolean {
  const parsed = (client as unknown as { connection: Connection }).connection.parsedStatements;
  return (
    parsed[OPENING_BEGIN.name] !== undefined &&
    (opening.timeoutMs === undefined || parsed[OPENING_TIMEOUT.name] !== undefined)
  );
}

/**
 * One parameterised statement whose rows are made objects of one shape (decision 0059) straight
 * from the wire. node-postgres's own `Query` copies its config object property by property
 * (`cloneQueryConfig`) and, for every statement it runs, builds an empty row by storing each
 * column name into a dictionary and spreading it (`Result.addFields`): generic code that cost more
 * than parsing the rows themselves. Here the text's columns, parsers and shape are worked out once
 * and re-checked against each row description; everything else (binding, errors, the callback) is
 * node-postgres's, as its API for custom query objects (pg-cursor, pg-query-stream) allows.
 */
export class ShapedQuery extends PgQuery {
  private plan: Plan | undefined;
  private readonly types: TypeParsers;
  private readonly opening: Opening | undefined;
  /** The opening's statements whose completion is still to come (their rows and tags are not ours). */
  private openingLeft = 0;

  constructor(statement: Statement, types: TypeParsers) {
    // A string, not a config object: node-postgres clones a config object on every query.
    super(statement.text, statement.values);
    if (statement.name) this.name = statement.name;
    this.types = types;
    this.opening = statement.opening;
  }

  /**
   * The opening goes first in the same batch, bound to the statements prepared by the connection's
   * first transaction, with no Sync between: one round trip opens the transaction and runs the
   * statement. An error anywhere skips the rest of the batch and fails this query, as before.
   */
  override prepare(connection: Connection): void {
    if (this.opening) {
      connection.bind({ statement: OPENING_BEGIN.name, values: [] });
      connection.execute({});
      this.openingLeft = 1;
      if (this.opening.timeoutMs !== undefined) {
        connection.bind({ statement: OPENING_TIMEOUT.name, values: [timeoutSetting(this.opening.timeoutMs)] });
        connection.execute({});
        this.openingLeft = 2;
      }
    }
    super.prepare(connection);
  }

  override handleCommandComplete(message: unknown, connection: Connection): void {
    if (this.openingLeft > 0) this.openingLeft--;
    else super.handleCommandComplete(message, connection);
  }

  handleRowDescription(message: { fields: Field[] }): void {
    this._checkForMultirow();
    this._result.fields = message.fields;
    this.plan = planFor(this.text, message.fields, this.types);
    this._accumulateRows = true;
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    if (this._canceledDueToError || this.openingLeft > 0) return;
    const { parsers, shape } = this.plan!;
    const raw = message.fields;
    const values = new Array<unknown>(raw.length);
    try {
      for (let i = 0; i < raw.length; i++) values[i] = raw[i] === null ? null : parsers[i]!(raw[i]!);
    } catch (error) {
      // As node-postgres does: the statement fails with the parser's error once it is over.
      this._canceledDueToError = error;
      return;
    }
    this._result.rows.push(shape.build(values));
  }
}

interface ShapedResult {
  rows: unknown[];
  rowCount: number | null;
}
type Sender = {
  query(
    query: ShapedQuery,
    values: undefined,
    callback: (error: Error | undefined, result: ShapedResult) => void,
  ): unknown;
};

/** Runs the statement on a pool (which lends it a client) or on a client; resolves once it is over. */
export function sendShaped<T>(on: pg.Pool | pg.PoolClient, statement: Statement, types: TypeParsers) {
  return new Promise<{ rows: T[]; rowCount: number }>((resolve, reject) => {
    (on as unknown as Sender).query(new ShapedQuery(statement, types), undefined, (error, result) => {
      if (error) reject(error);
      else resolve({ rows: result.rows as T[], rowCount: result.rowCount ?? 0 });
    });
  });
}
