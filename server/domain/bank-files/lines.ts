/** Helpers shared by the fixed-width writers: line assembly with a length check, and collecting a stream. */
import { refuse } from './errors';

export type Items<T> = Iterable<T> | AsyncIterable<T>;

/** Joins fields and refuses a record of the wrong width (a bug here must never reach a bank). */
export function record(width: number, ...fields: string[]): string {
  const line = fields.join('');
  if (line.length !== width) refuse('record_width', `record is ${line.length} characters, not ${width}: ${line}`);
  return line;
}

/** Reads a writer's chunks into one string, with the summary the writer returns. */
export async function collect<S>(chunks: AsyncGenerator<string, S>): Promise<{ text: string; summary: S }> {
  let text = '';
  for (;;) {
    const next = await chunks.next();
    if (next.done) return { text, summary: next.value };
    text += next.value;
  }
}

/** Lines of a fixed-width report: CRLF or LF, a final newline or not, trailing blank lines ignored. */
export function splitLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
  return lines;
}

/** `YYYY-MM-DD` → the Bacs/CPA Julian form `YYDDD` (day of year, 3 digits). */
export function julian(date: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const dayOfYear = (Date.UTC(year, month - 1, day) - Date.UTC(year, 0, 1)) / 86_400_000 + 1;
  return `${String(year % 100).padStart(2, '0')}${String(dayOfYear).padStart(3, '0')}`;
}
