import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { defineTable, findById, findOwned } from '../shared/table';
import type { RefundFilters, RefundRow } from './types';

/** The only file that names the `refunds` table in SQL; the state runner builds its UPDATEs from this. */
export const refundsTable = defineTable('refunds', [
  'id',
  'organisation_id',
  'creditor_id',
  'payment_id',
  'mandate_id',
  'amount',
  'currency',
  'reference',
  'metadata',
  'status',
  'created_at',
  'updated_at',
]);

/** The organisation's refund, or `resource_not_found`; `lock` for a change in the caller's transaction. */
export const findRefund = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<RefundRow>(db, refundsTable, organisationId, id, options);

/** Any organisation's refund: only for the bank and the scheme clock, which act for every organisation. */
export const findRefundById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<RefundRow>(db, refundsTable, id, options);

export async function insertRefund(
  tx: Queryable,
  v: Omit<RefundRow, 'status' | 'created_at' | 'updated_at'>,
  now: Date,
): Promise<RefundRow> {
  const { rows } = await tx.query<RefundRow>(
    `INSERT INTO refunds (id, organisation_id, creditor_id, payment_id, mandate_id, amount, currency, reference, metadata, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'created', $10, $10) RETURNING *`,
    [
      v.id,
      v.organisation_id,
      v.creditor_id,
      v.payment_id,
      v.mandate_id,
      v.amount,
      v.currency,
      v.reference,
      json(v.metadata),
      now,
    ],
  );
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
