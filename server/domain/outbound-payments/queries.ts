import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { HolderMatchResult } from '../account-holder-verifications/sandbox-names';
import type { OutboundPaymentStatus } from './state';
import type { OutboundPaymentFilters, OutboundPaymentRow, OutboundPaymentStats } from './types';

/** The only file that names the `outbound_payments` table in SQL; the state runner builds its UPDATEs from this. */
export const outboundPaymentsTable = defineTable('outbound_payments', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  recipient_bank_account_id: col.text(),
  customer_id: col.text().nullable(),
  outbound_payment_import_id: col.text().nullable(),
  is_withdrawal: col.boolean(),
  amount: col.bigint(),
  currency: col.text(),
  scheme: col.text(),
  description: col.text().nullable(),
  reference: col.text().nullable(),
  /** `YYYY-MM-DD` on the Faster Payments calendar (Europe/London). */
  execution_date: col.date(),
  status: col.text<OutboundPaymentStatus>(),
  recipient_name: col.text(),
  verification_result: col.text<HolderMatchResult>().nullable(),
  verification_actual_name: col.text().nullable(),
  created_by_token_id: col.text(),
  approved_by_token_id: col.text().nullable(),
  metadata: col.jsonb<Metadata>(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

/** The organisation's outbound payment, or `resource_not_found`; `lock` for a move in the caller's transaction. */
export const findOutboundPayment = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<OutboundPaymentRow>(db, outboundPaymentsTable, organisationId, id, options);

/** Any organisation's outbound payment: only for the scheme clock, which acts for every organisation. */
export const findOutboundPaymentById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<OutboundPaymentRow>(db, outboundPaymentsTable, id, options);

export async function insertOutboundPayment(
  tx: Queryable,
  v: Omit<OutboundPaymentRow, 'status' | 'approved_by_token_id' | 'updated_at'>,
): Promise<OutboundPaymentRow> {
  const { rows } = await tx.query<OutboundPaymentRow>(
    `INSERT INTO outbound_payments (id, organisation_id, creditor_id, recipient_bank_account_id, customer_id,
       outbound_payment_import_id, is_withdrawal, amount, currency, scheme, description, reference, execution_date,
       status, recipient_name, verification_result, verification_actual_name, created_by_token_id, metadata,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'verifying', $14, $15, $16, $17, $18, $19, $19)
     RETURNING *`,
    [
      v.id,
      v.organisation_id,
      v.creditor_id,
      v.recipient_bank_account_id,
      v.customer_id,
      v.outbound_payment_import_id,
      v.is_withdrawal,
      v.amount,
      v.currency,
      v.scheme,
      v.description,
      v.reference,
      v.execution_date,
      v.recipient_name,
      v.verification_result,
      v.verification_actual_name,
      v.created_by_token_id,
      json(v.metadata),
      v.created_at,
    ],
  );
  return rows[0]!;
}

export async function listOutboundPayments(
  db: Queryable,
  organisationId: string,
  filters: OutboundPaymentFilters,
  page: PageRequest,
): Promise<Page<OutboundPaymentRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.status) where.push(`status = ${params.add(filters.status)}`);
  whereInRange(where, params, 'created_at', { gte: filters.createdFrom, lte: filters.createdTo });
  return pageQuery<OutboundPaymentRow>(db, { from: outboundPaymentsTable.name, where, params }, page);
}

export async function updateOutboundPaymentMetadata(tx: Queryable, id: string, metadata: Metadata, now: Date) {
  const { rows } = await tx.query<OutboundPaymentRow>(
    `UPDATE outbound_payments SET metadata = $2, updated_at = $3 WHERE id = $1 RETURNING *`,
    [id, json(metadata), now],
  );
  return rows[0]!;
}

/** Counts and sums per status of an organisation's outbound payments: one aggregate. */
export async function outboundPaymentStats(
  db: Queryable,
  organisationId: string,
): Promise<Partial<OutboundPaymentStats>> {
  const { rows } = await db.query<{ status: keyof OutboundPaymentStats; count: number; amount: number }>(
    `SELECT status, count(*)::int AS count, sum(amount)::bigint AS amount FROM outbound_payments
     WHERE organisation_id = $1 GROUP BY status`,
    [organisationId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, { count: Number(r.count), amount: Number(r.amount) }]));
}

/** Several outbound payments of an organisation at once (a page of transactions names them). */
export async function findOutboundPaymentsByIds(
  db: Queryable,
  organisationId: string,
  ids: readonly string[],
): Promise<OutboundPaymentRow[]> {
  if (!ids.length) return [];
  const { rows } = await db.query<OutboundPaymentRow>(
    'SELECT * FROM outbound_payments WHERE organisation_id = $1 AND id = ANY($2)',
    [organisationId, [...new Set(ids)]],
  );
  return rows;
}
