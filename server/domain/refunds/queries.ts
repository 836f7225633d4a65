import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned, insertInto } from '../shared/table';
import type { RefundStatus } from './state';
import type { RefundFilters, RefundRow } from './types';

/** The only file that names the `refunds` table in SQL; the state runner builds its UPDATEs from this. */
export const refundsTable = defineTable('refunds', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  payment_id: col.text(),
  mandate_id: col.text().nullable(),
  amount: col.bigint(),
  currency: col.text(),
  reference: col.text().nullable(),
  metadata: col.jsonb<Metadata>(),
  status: col.text<RefundStatus>(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

/** The organisation's refund, or `resource_not_found`; `lock` for a change in the caller's transaction. */
export const findRefund = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<RefundRow>(db, refundsTable, organisationId, id, options);

/** Any organisation's refund: only for the bank and the scheme clock, which act for every organisation. */
export const findRefundById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<RefundRow>(db, refundsTable, id, options);

const INSERT_REFUND = insertInto(refundsTable, refundsTable.columns);

export async function insertRefund(
  tx: Queryable,
  v: Omit<RefundRow, 'status' | 'created_at' | 'updated_at'>,
  now: Date,
): Promise<RefundRow> {
  const row: RefundRow = { ...v, status: 'created', created_at: now, updated_at: now };
  const { rows } = await tx.query<RefundRow>(INSERT_REFUND.text, INSERT_REFUND.values(row));
  return rows[0]!;
}

/** How many refunds a payment has had, whatever became of them (the limit of five counts them all). */
export async function countRefundsOfPayment(db: Queryable, paymentId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM refunds WHERE payment_id = $1',
    [paymentId],
  );
  return rows[0]!.count;
}

export async function listRefunds(
  db: Queryable,
  organisationId: string,
  filters: RefundFilters,
  page: PageRequest,
): Promise<Page<RefundRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.payment) where.push(`payment_id = ${params.add(filters.payment)}`);
  if (filters.mandate) where.push(`mandate_id = ${params.add(filters.mandate)}`);
  // Every refund here is of a payment; a refund against a mandate alone is not offered.
  if (filters.refundType === 'mandate') where.push('false');
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<RefundRow>(db, { from: 'refunds', where, params }, page);
}

export async function updateRefundMetadata(tx: Queryable, id: string, metadata: Metadata, now: Date) {
  const { rows } = await tx.query<RefundRow>(
    'UPDATE refunds SET metadata = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, json(metadata), now],
  );
  return rows[0]!;
}
