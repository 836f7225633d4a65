import type { Queryable } from '../../db/db';
import { organisationCondition, type OrganisationScope } from '../shared/organisation-scope';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findOwned } from '../shared/table';
import type { PayoutFilters, PayoutRow } from './types';
import type { PayoutStatus } from './state';

/** The only file that names the `payouts` table in SQL; the state runner builds its UPDATEs from this. */
export const payoutsTable = defineTable('payouts', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  creditor_bank_account_id: col.text(),
  currency: col.text(),
  amount: col.bigint(),
  deducted_fees: col.bigint(),
  payout_type: col.text<'merchant' | 'partner'>(),
  reference: col.text(),
  status: col.text<PayoutStatus>(),
  business_day: col.date(),
  arrival_date: col.date().nullable(),
  metadata: col.jsonb<Metadata>(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  /** Paid in another currency (decision 0041): that currency, the rates and the converted amount. */
  fx_currency: col.text().nullable(),
  estimated_exchange_rate: col.text().nullable(),
  exchange_rate: col.text().nullable(),
  fx_amount: col.bigint().nullable(),
  /** The currency the taxes on its fees are due in, when they carry any. */
  tax_currency: col.text().nullable(),
});

// Dates come back as 'YYYY-MM-DD' text, whatever the driver does with `date`.
const COLUMNS = `id, organisation_id, creditor_id, creditor_bank_account_id, currency, amount, deducted_fees, payout_type,
  reference, status, business_day::text AS business_day, arrival_date::text AS arrival_date, fx_currency,
  estimated_exchange_rate, exchange_rate, fx_amount, tax_currency, metadata, created_at, updated_at`;

export async function findPayout(
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<PayoutRow> {
  const row = await findOwned<PayoutRow>(db, payoutsTable, organisationId, id, options);
  return withDates(row);
}

const isoDate = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

/** `date` columns as ISO dates, however the driver hands them over. */
const withDates = (row: PayoutRow): PayoutRow => ({
  ...row,
  business_day: isoDate(row.business_day)!,
  arrival_date: isoDate(row.arrival_date),
});

export type NewPayout = Omit<
  PayoutRow,
  'status' | 'payout_type' | 'metadata' | 'updated_at' | 'exchange_rate' | 'fx_amount'
>;

export async function insertPayout(tx: Queryable, row: NewPayout): Promise<PayoutRow> {
  const { rows } = await tx.query<PayoutRow>(
    `INSERT INTO payouts (id, organisation_id, creditor_id, creditor_bank_account_id, currency, amount, deducted_fees,
       reference, status, business_day, arrival_date, fx_currency, estimated_exchange_rate, tax_currency, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11, $12, $13, $14, $14) RETURNING ${COLUMNS}`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.creditor_bank_account_id,
      row.currency,
      row.amount,
      row.deducted_fees,
      row.reference,
      row.business_day,
      row.arrival_date,
      row.fx_currency,
      row.estimated_exchange_rate,
      row.tax_currency,
      row.created_at,
    ],
  );
  return rows[0]!;
}

/** Whether the creditor already had a payout in this currency on this business day (live pays once a day). */
export async function hasPayoutOn(db: Queryable, creditorId: string, currency: string, day: string): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM payouts WHERE creditor_id = $1 AND currency = $2 AND business_day = $3 LIMIT 1',
    [creditorId, currency, day],
  );
  return rows.length > 0;
}

/** Pending payouts due to arrive by `day`, locked for the caller; another process skips them. */
export async function lockDuePayouts(
  tx: Queryable,
  day: string,
  limit: number,
  scope?: OrganisationScope,
): Promise<PayoutRow[]> {
  const whose = organisationCondition(scope, 3);
  const { rows } = await tx.query<PayoutRow>(
    `SELECT ${COLUMNS} FROM payouts WHERE status = 'pending' AND arrival_date <= $1 AND ${whose.sql}
     ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [day, limit, ...whose.values],
  );
  return rows;
}

export async function listPayouts(
  db: Queryable,
  organisationId: string,
  filters: PayoutFilters,
  page: PageRequest,
): Promise<Page<PayoutRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
  if (filters.creditorBankAccount) where.push(`creditor_bank_account_id = ${params.add(filters.creditorBankAccount)}`);
  if (filters.currency) where.push(`currency = ${params.add(filters.currency)}`);
  if (filters.payoutType) where.push(`payout_type = ${params.add(filters.payoutType)}`);
  if (filters.reference) where.push(`reference = ${params.add(filters.reference)}`);
  if (filters.status) where.push(`status = ${params.add(filters.status)}`);
  if (filters.metadata && Object.keys(filters.metadata).length)
    where.push(`metadata @> ${params.add(json(filters.metadata))}::jsonb`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  const page_ = await pageQuery<PayoutRow>(db, { from: payoutsTable.name, select: COLUMNS, where, params }, page);
  return { ...page_, items: page_.items.map(withDates) };
}

export async function updatePayoutMetadata(tx: Queryable, id: string, metadata: Metadata, now: Date) {
  const { rows } = await tx.query<PayoutRow>(
    `UPDATE payouts SET metadata = $2, updated_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, json(metadata), now],
  );
  return rows[0]!;
}
