/**
 * The one CSV writer: the API's exports (api/wire/export-csv.ts, jobs/exports.ts) and every
 * dashboard download (app/.server/dashboard/csv.ts) write their cells and lines here. RFC 4180
 * quoting, CRLF lines.
 */

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that a spreadsheet would take for a formula is prefixed with `'` so it shows
 * as text; anything holding a comma, quote or line break is quoted with its quotes doubled.
 * Numbers and booleans are written as they are (a negative amount is not a formula); an object or
 * array is its JSON; null and undefined are empty.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

const at = (object: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as any)[key] : undefined), object);

/** One line of `columns` read from `record` by their dotted paths (`links.payment`). */
export const csvRowAt = (columns: readonly string[], record: unknown) =>
  csvLine(columns.map((path) => at(record, path)));
