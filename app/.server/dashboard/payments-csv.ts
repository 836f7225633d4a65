import type { LoaderFunctionArgs } from '@remix-run/node';
import type { PaymentRow } from '../../../server/domain/payments/types';
import { listPayments } from '../dashboard-services';
import { signedIn } from './guard';
import { filtersOf, paymentFilter, paymentFilters } from './records';

/**
 * The payments list as CSV, with the list page's filters. The body is a stream that reads one page
 * of the cursor query each time the client has taken the last one, so a list of a million payments
 * is never in memory at once, and a client that stops reading stops the queries.
 */
export const CSV_PAGE_SIZE = 500;
const HEADER = [
  'id',
  'created_at',
  'status',
  'amount',
  'amount_refunded',
  'currency',
  'charge_date',
  'reference',
  'mandate',
];

/** One field: quoted when needed, and never read as a formula by a spreadsheet. */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

const rowOf = (p: PaymentRow) =>
  line([
    p.id,
    p.created_at.toISOString(),
    p.status,
    p.amount,
    p.amount_refunded,
    p.currency,
    p.charge_date,
    p.reference,
    p.mandate_id,
  ]);

export async function exportPayments(args: LoaderFunctionArgs) {
  const who = await signedIn(args);
  const { values, bad } = filtersOf(args.request, paymentFilter);
  if (bad.length) throw new Response(`Bad filter: ${bad.join(', ')}`, { status: 400 });
  const filters = paymentFilters(values);
  const encoder = new TextEncoder();
  let after: string | undefined;
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(line(HEADER)));
        return;
      }
      const page = await listPayments(args.context, who.user, filters, { after, limit: CSV_PAGE_SIZE });
      if (page.items.length) controller.enqueue(encoder.encode(page.items.map(rowOf).join('')));
      if (!page.cursors.after) controller.close();
      after = page.cursors.after ?? undefined;
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="payments.csv"',
      'cache-control': 'no-store',
    },
  });
}
