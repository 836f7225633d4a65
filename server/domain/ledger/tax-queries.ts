import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { col, defineTable, type RowOf } from '../shared/table';
import type { PayoutItemType } from './postings';

/**
 * The only file that names `payout_item_taxes` in SQL (and, with `queries.ts`, one of the ledger's
 * owners of `ledger_entries`): the tax on each fee entry of the ledger, written when a payout first
 * takes the entry (decision 0041).
 */
export const payoutItemTaxesTable = defineTable('payout_item_taxes', {
  ledger_entry_id: col.text(),
  organisation_id: col.text(),
  tax_rate_id: col.text(),
  amount: col.bigint(),
  currency: col.text(),
  destination_currency: col.text(),
  destination_amount: col.bigint().nullable(),
  exchange_rate: col.text().nullable(),
  created_at: col.timestamptz(),
});

/** A row of `payout_item_taxes` as stored: its table's declaration. */
export type PayoutItemTaxRow = RowOf<typeof payoutItemTaxesTable>;

/** A payout's entries of these item types that carry no tax yet, with the day (UTC) each was posted. */
export async function listUntaxedEntries(
  db: Queryable,
  payoutId: string,
  itemTypes: readonly PayoutItemType[],
): Promise<{ id: string; organisation_id: string; currency: string; amount: number; day: string }[]> {
  const { rows } = await db.query<{
    id: string;
    organisation_id: string;
    currency: string;
    amount: number;
    day: string;
  }>(
    `SELECT e.id, e.organisation_id, e.currency, e.amount, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day
     FROM ledger_entries e LEFT JOIN payout_item_taxes t ON t.ledger_entry_id = e.id
     WHERE e.payout_id = $1 AND e.account = 'confirmed' AND e.item_type = ANY($2) AND t.ledger_entry_id IS NULL
     ORDER BY e.id`,
    [payoutId, itemTypes],
  );
  return rows.map((r) => ({ ...r, amount: Number(r.amount) }));
}

const COLUMNS = payoutItemTaxesTable.columns;

/** Writes taxes in statements of at most 500 rows (well under the bind-parameter limit). */
export async function insertTaxes(tx: Queryable, taxes: readonly PayoutItemTaxRow[]): Promise<void> {
  for (let start = 0; start < taxes.length; start += 500) {
    const params = new Params();
    const values = taxes
      .slice(start, start + 500)
      .map((tax) => `(${COLUMNS.map((column) => params.add(tax[column])).join(', ')})`);
    await tx.query(
      `INSERT INTO payout_item_taxes (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}
       ON CONFLICT (ledger_entry_id) DO NOTHING`,
      params.values,
    );
  }
}

/**
 * The taxes of a payout's entries: `waiting` only those whose conversion is not confirmed yet,
 * `limit` at most that many.
 */
export async function listPayoutTaxes(
  db: Queryable,
  payoutId: string,
  options: { waiting?: boolean; limit?: number } = {},
): Promise<PayoutItemTaxRow[]> {
  const { rows } = await db.query<PayoutItemTaxRow>(
    `SELECT t.* FROM payout_item_taxes t JOIN ledger_entries e ON e.id = t.ledger_entry_id
     WHERE e.payout_id = $1 AND ($2::boolean IS NOT TRUE OR t.destination_amount IS NULL)
     ORDER BY t.ledger_entry_id LIMIT $3`,
    [payoutId, options.waiting ?? false, options.limit ?? null],
  );
  return rows.map(numeric);
}

/** The taxes of these entries (a page of payout items), by entry id. */
export async function taxesOfEntries(
  db: Queryable,
  entryIds: readonly string[],
): Promise<Map<string, PayoutItemTaxRow>> {
  const taxes = new Map<string, PayoutItemTaxRow>();
  if (!entryIds.length) return taxes;
  const { rows } = await db.query<PayoutItemTaxRow>('SELECT * FROM payout_item_taxes WHERE ledger_entry_id = ANY($1)', [
    entryIds,
  ]);
  for (const row of rows) taxes.set(row.ledger_entry_id, numeric(row));
  return taxes;
}

export interface TaxConfirmation {
  ledger_entry_id: string;
  destination_amount: number;
  exchange_rate: string;
}

/** Sets the confirmed rate and converted amount of taxes still waiting for one. */
export async function confirmTaxes(tx: Queryable, confirmed: readonly TaxConfirmation[]): Promise<void> {
  if (!confirmed.length) return;
  await tx.query(
    `UPDATE payout_item_taxes t SET destination_amount = v.amount, exchange_rate = v.rate
     FROM unnest($1::text[], $2::bigint[], $3::text[]) AS v(id, amount, rate)
     WHERE t.ledger_entry_id = v.id AND t.destination_amount IS NULL`,
    [
      confirmed.map((c) => c.ledger_entry_id),
      confirmed.map((c) => c.destination_amount),
      confirmed.map((c) => c.exchange_rate),
    ],
  );
}

// bigint columns may come back as strings, whatever the driver.
const numeric = (row: PayoutItemTaxRow): PayoutItemTaxRow => ({
  ...row,
  amount: Number(row.amount),
  destination_amount: row.destination_amount === null ? null : Number(row.destination_amount),
});
