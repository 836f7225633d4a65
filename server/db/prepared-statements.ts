/**
 * Statements with parameters are sent as named prepared statements (issue 15), node-postgres's
 * own `{ name, text, values }`: each connection parses and plans a text once and then only binds
 * values (node-postgres remembers per connection what it has parsed; PGlite's adapter does the
 * same, pglite-statements.ts). The name is the text's, so one text has one name; without
 * parameters (scripts, several statements) a statement goes as plain text. The number of names is
 * bounded in case some caller builds texts freely: past it, texts go unnamed.
 */
const names = new Map<string, string>();
let named = 0;
const MAX_NAMES = 5000;

export interface Statement {
  text: string;
  /** None: parsed with its run, each time (the unnamed statement). */
  name?: string;
  values: unknown[];
}

export function statementFor(text: string, params: readonly unknown[]): Statement | string {
  if (params.length === 0) return text;
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMES) {
    name = `bf${named++}`;
    names.set(text, name);
  }
  const values = params as unknown[];
  return name === undefined ? { text, values } : { name, text, values };
}

/**
 * A prepared `SELECT *` fails once its table gains a column (another process ran a migration
 * during a rolling upgrade), and keeps failing under that name: the text takes a new name, which
 * every connection parses afresh, and the caller retries.
 */
const PLAN_CHANGED = '0A000';
export function isStalePlan(error: unknown, text: string): boolean {
  if ((error as { code?: string } | null)?.code !== PLAN_CHANGED || !names.has(text)) return false;
  names.set(text, `bf${named++}`);
  return true;
}
