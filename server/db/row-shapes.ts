/**
 * Rows of node-postgres as objects, one shape per statement (decision 0059). node-postgres builds
 * each row by copying an empty row and storing every column by name: one piece of code for every
 * statement of the process, so V8 can specialise none of it, and its generic stores were the
 * largest part of reading a list page after the wire format. Each statement text gets a function
 * instead (shaped-query.ts) that turns the row's values into an object literal of its columns: one
 * fixed shape, built at once.
 */
export interface Shape {
  names: readonly string[];
  build: (values: unknown[]) => Record<string, unknown>;
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
