type Row = Record<string, unknown>;

/** A column of a people's table: its heading and what it shows of a row. */
export type Column = [heading: string, cell: (row: Row) => unknown];

const text = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Rows as aligned columns under their headings (the last column is not padded). */
export function table(rows: Row[], columns: Column[]): string {
  const cells = rows.map((row) => columns.map(([, cell]) => text(cell(row))));
  const widths = columns.map(([heading], i) => Math.max(heading.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => (i === values.length - 1 ? value : value.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map(([heading]) => heading.toUpperCase())), ...cells.map(line)].join('\n');
}

/** One resource as `field  value` lines: its scalar fields, then each link. */
export function record(resource: Row): string {
  const entries = Object.entries(resource).filter(([key]) => key !== 'links');
  const links = Object.entries((resource.links ?? {}) as Row).map(([key, value]) => [`links.${key}`, value] as const);
  const all = [...entries, ...links];
  const width = Math.max(...all.map(([key]) => key.length));
  return all.map(([key, value]) => `${key.padEnd(width)}  ${text(value)}`.trimEnd()).join('\n');
}
