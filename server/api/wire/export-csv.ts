import type { IndexExportType } from '../../domain/exports/types';

/**
 * The CSV an export holds: one row per resource, its columns the resource's API fields (dotted
 * paths into the wire object; an object or array cell is its JSON). RFC 4180 quoting, CRLF lines.
 */
export const EXPORT_COLUMNS: Record<IndexExportType, readonly string[]> = {
  payments_index: [
    'id',
    'created_at',
    'charge_date',
    'amount',
    'amount_refunded',
    'app_fee',
    'currency',
    'description',
    'reference',
    'scheme',
    'status',
    'retry_if_possible',
    'metadata',
    'links.creditor',
    'links.mandate',
    'links.subscription',
    'links.instalment_schedule',
    'links.payout',
  ],
  refunds_index: [
    'id',
    'created_at',
    'amount',
    'currency',
    'reference',
    'status',
    'metadata',
    'links.payment',
    'links.mandate',
  ],
  payouts_index: [
    'id',
    'created_at',
    'amount',
    'arrival_date',
    'currency',
    'deducted_fees',
    'payout_type',
    'reference',
    'status',
    'metadata',
    'links.creditor',
    'links.creditor_bank_account',
  ],
  customers_index: [
    'id',
    'created_at',
    'email',
    'given_name',
    'family_name',
    'company_name',
    'language',
    'phone_number',
    'address_line1',
    'address_line2',
    'address_line3',
    'city',
    'region',
    'postal_code',
    'country_code',
    'metadata',
  ],
  subscriptions_index: [
    'id',
    'created_at',
    'amount',
    'app_fee',
    'count',
    'currency',
    'day_of_month',
    'interval',
    'interval_unit',
    'month',
    'name',
    'payment_reference',
    'start_date',
    'end_date',
    'status',
    'metadata',
    'links.mandate',
  ],
  events_index: [
    'id',
    'created_at',
    'resource_type',
    'action',
    'details.origin',
    'details.cause',
    'details.description',
    'details.scheme',
    'details.reason_code',
    'links',
    'metadata',
  ],
};

/** A cell a spreadsheet would run as a formula starts with one of these (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell. Text that a spreadsheet would take for a formula is prefixed with `'` so it shows
 * as text; anything holding a comma, quote or line break is quoted with its quotes doubled.
 * Numbers and booleans are written as they are (a negative amount is not a formula).
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const at = (object: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as any)[key] : undefined), object);

export const csvLine = (cells: readonly unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const csvHeader = (type: IndexExportType) => csvLine(EXPORT_COLUMNS[type]);

export const csvRow = (type: IndexExportType, wire: unknown) => csvRowAt(EXPORT_COLUMNS[type], wire);

/** One line of `columns` read from `record` by their dotted paths: every export type's row. */
export const csvRowAt = (columns: readonly string[], record: unknown) =>
  csvLine(columns.map((path) => at(record, path)));
