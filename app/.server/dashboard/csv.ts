import { csvLine } from '../../../server/domain/shared/csv';
import type { Page } from '../../../server/domain/shared/pagination';

/**
 * Every dashboard list as CSV, one way: the body is a stream that reads the next page of the
 * list's own cursor query only when the client has taken the last one, so a list of a million
 * rows is never in memory at once, and a client that stops reading stops the queries.
 */
export const CSV_PAGE_SIZE = 500;

/** A dashboard cell: written by the one CSV writer (domain/shared/csv.ts), as the API's exports are. */
export type CsvValue = string | number | null;

/** The 400 answer to a query string the list page would also refuse (no rows are read). */
export function refuseBadFilter(bad: string[]) {
  if (bad.length) throw new Response(`Bad filter: ${bad.join(', ')}`, { status: 400 });
}

/**
 * The list as a CSV download: the header, then `readPage(after)` for 500 rows at a time along the
 * cursor until it gives no `after`, each row written by `lineOf`.
 */
export function csvResponse<R>(
  filename: string,
  header: readonly string[],
  readPage: (page: { after: string | undefined; limit: number }) => Promise<Pick<Page<R>, 'items' | 'cursors'>>,
  lineOf: (row: R) => readonly CsvValue[],
) {
  const encoder = new TextEncoder();
  let after: string | undefined;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(header)));
        return;
      }
      const page = await readPage({ after, limit: CSV_PAGE_SIZE });
      if (page.items.length) controller.enqueue(encoder.encode(page.items.map((r) => csvLine(lineOf(r))).join('')));
      if (!page.cursors.after) controller.close();
      after = page.cursors.after ?? undefined;
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}
