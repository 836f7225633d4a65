import type { Database, Queryable } from '../../server/db/db';

/**
 * Wraps a database so a test can see every statement a request sends, including the BEGIN and
 * COMMIT of its unit of work: the round trips of a request, and whether a read wrote anything.
 */
export function recordStatements(db: Database): {
  db: Database;
  statements: string[];
  /** Every parameterised query, with its values, for a test to EXPLAIN. */
  queries: { text: string; params: readonly unknown[] }[];
} {
  const statements: string[] = [];
  const queries: { text: string; params: readonly unknown[] }[] = [];
  const note = (text: string) => statements.push(text.replace(/\s+/g, ' ').trim());
  const wrap = (q: Queryable): Queryable => ({
    query: (text, params) => {
      note(text);
      queries.push({ text, params: params ?? [] });
      return q.query(text, params);
    },
    exec: (script) => {
      note(script);
      return q.exec(script);
    },
  });
  const recorded: Database = {
    ...db,
    ...wrap(db),
    kind: db.kind,
    transaction: (fn, options) => {
      note('BEGIN');
      return db.transaction((tx) => fn(wrap(tx)), options).finally(() => note('COMMIT'));
    },
    close: () => db.close(),
  };
  return { db: recorded, statements, queries };
}

/** Statements that change rows (a data-modifying CTE counts). */
export const writesIn = (statements: string[]) =>
  statements.filter((s) => /^(WITH\b.*)?\b(INSERT|UPDATE|DELETE)\b/i.test(s) || /^(INSERT|UPDATE|DELETE)\b/i.test(s));
