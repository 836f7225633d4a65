import type pg from 'pg';

/**
 * Rows of node-postgres as objects, one shape per statement (decision 0059). node-postgres builds
 * each row by copying an empty row and storing every column by name: one piece of code for every
 * statement of the process, so V8 can specialise none of it, and its generic stores were the
 * largest part of reading a list page after the wire format. Statements sent here ask for rows as
 * arrays instead, and each statement text gets a function that turns an array into an object
 * literal of its columns: one fixed shape, built at once.
 */
interface Shape {
  names: readonly string[];
  build: (values: unknown[]) => Record<string, unknown>;
}

const shapes = new Map<string, Shape>();
const MAX_SHAPES = 5000;

export function rowsAsObjects<T>(text: string, result: pg.QueryArrayResult): T[] {
  const { fields, rows } = result;
  if (rows.length === 0) return [];
  let shape = shapes.get(text);
  // The same text can come back with other columns (`SELECT *` after a migration): checked each time.
  if (!shape || !sameColumns(shape.names, fields)) {
    shape = shapeOf(fields.map((field) => field.name));
    if (shapes.size < MAX_SHAPES) shapes.set(text, shape);
  }
  const objects = new Array<T>(rows.length);
  for (let i = 0; i < rows.length; i++) objects[i] = shape.build(rows[i]!) as T;
  return objects;
}

function sameColumns(names: readonly string[], fields: readonly pg.FieldDef[]): boolean {
  if (names.length !== fields.length) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== fields[i]!.name) return false;
  return true;
}

/**
 * The names come from our own SQL, and each is written as a JSON string literal, so no name can
 * become code. A name given twice keeps its last value, as node-postgres's row does; `__proto__`
 * is written as a computed key, which makes it an own column rather than the row's prototype.
 */
export function shapeOf(names: readonly string[]): Shape {
  const properties = names.map((name, i) => {
    const key = JSON.stringify(name);
    return `${name === '__proto__' ? `[${key}]` : key}: values[${i}]`;
  });
  const build = new Function('values', `return { ${properties.join(', ')} };`) as Shape['build'];
  return { names, build };
}
