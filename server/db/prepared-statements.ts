import type { Statement } from './shaped-query';

/**
 * Statements with parameters are sent as named prepared statements (issue 15): each connection
 * parses and plans a statement's text once and then only binds values. Names come from the text,
 * so one text always has one name; without parameters (scripts, several statements) a statement
 * goes as plain text. The number of names is bounded in case some caller builds texts freely.
 */
const statementNames = new Map<string, string | null>();
export function preparedQuery(text: string, params: readonly unknown[]): Statement | string {
  if (params.length === 0) return text;
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < 5000) {
    name = `bf${statementNames.size}`;
    statementNames.set(text, name);
  }
  // Rows are made objects of one shape per statement by shaped-query.ts.
  const values = params as unknown[];
  return name ? { name, text, values } : { text, values };
}

/**
 * A prepared `SELECT *` fails once its table gains a column (another process ran a migration
 * during a rolling upgrade): that text is then sent unprepared from here on, and retried.
 */
const PLAN_CHANGED = '0A000';
export function isStalePlan(error: unknown, text: string): boolean {
  if ((error as { code?: string }).code !== PLAN_CHANGED || !statementNames.get(text)) return false;
  statementNames.set(text, null);
  return true;
}
