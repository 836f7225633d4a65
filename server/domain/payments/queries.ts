import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { defineTable } from '../shared/table';
import type { NewPayment, PaymentFilters } from './service';
import type { PaymentRow } from './types';

/** The `payments` table as its owner declares it; the state runner builds its UPDATEs from this. */
export const paymentsTable = defineTable('payments', [
  'id',
  'organisation_id',
  'creditor_id',
  'mandate_id',
  'subscription_id',
  'instalment_schedule_id',
  'amount',
  'amount_refunded',
  'app_fee',
  'currency',
  'charge_date',
  'description',
  'reference',
  'scheme',
  'status',
  'metadata',
  'retry_if_possible',
  'faster_ach',
  'funds_settlement',
  'created_at',
  'updated_at',
]);

export async function insertPayment(
  tx: Queryable,
  v: {
    id: string;
    organisationId: string;
    creditorId: string;
    mandateId: string | null;
    scheme: string;
    chargeDate: string | null;
    input: NewPayment;
    now: Date;
  },
): Promise<PaymentRow> {
  const { input } = v;
  const { rows } = await tx.query<PaymentRow>(
    `INSERT INTO payments (id, organisation_id, creditor_id, mandate_id, subscription_id, instalment_schedule_id, amount, app_fee, currency,
         charge_date, description, reference, scheme, status, metadata, retry_if_possible, faster_ach, funds_settlement, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, 'pending_submission', $14, $15, $16, $17, $18, $18) RETURNING *`,
    [
      v.id,
      v.organisationId,
      v.creditorId,
      v.mandateId,
      input.subscriptionId ?? null,
      input.instalmentScheduleId ?? null,
      input.amount,
      input.appFee ?? null,
      input.currency,
      v.chargeDate,
      input.description ?? null,
      input.reference ?? null,
      v.scheme,
      json(input.metadata ?? {}),
      input.retryIfPossible ?? false,
      input.fasterAch ?? null,
      input.fundsSettlement ?? 'managed',
      v.now,
    ],
  );
  return rows[0]!;
}

/** The organisation's payments, newest first, by the list's filters: one indexed cursor query. */
export async function listPayments(
  db: Queryable,
  organisationId: string,
  filters: PaymentFilters,
  page: PageRequest,
): Promise<Page<PaymentRow>> {
  const params = new Params();
  const where = [`p.organisation_id = ${params.add(organisationId)}`];
  if (filters.creditor) where.push(`p.creditor_id = ${params.add(filters.creditor)}`);
  if (filters.currency) where.push(`p.currency = ${params.add(filters.currency)}`);
  if (filters.mandate) where.push(`p.mandate_id = ${params.add(filters.mandate)}`);
  if (filters.scheme) where.push(`p.scheme = ${params.add(filters.scheme)}`);
  if (filters.status) where.push(`p.status = ${params.add(filters.status)}`);
  if (filters.subscription) where.push(`p.subscription_id = ${params.add(filters.subscription)}`);
  if (filters.instalmentSchedule) where.push(`p.instalment_schedule_id = ${params.add(filters.instalmentSchedule)}`);
  if (filters.customer)
    where.push(`p.mandate_id IN (SELECT id FROM mandates WHERE customer_id = ${params.add(filters.customer)})`);
  whereInRange(where, params, 'p.created_at', filters.createdAt);
  const ops = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  for (const [op, value] of Object.entries(filters.chargeDate ?? {})) {
    if (value) where.push(`p.charge_date ${ops[op as keyof typeof ops]} ${params.add(value)}`);
  }
  return pageQuery<PaymentRow>(db, { from: 'payments p', select: 'p.*', idColumn: 'p.id', where, params }, page);
}

export async function updatePaymentSettings(
  tx: Queryable,
  id: string,
  v: { metadata: Metadata; retryIfPossible: boolean; now: Date },
): Promise<PaymentRow> {
  const { rows } = await tx.query<PaymentRow>(
    'UPDATE payments SET metadata = $2, retry_if_possible = $3, updated_at = $4 WHERE id = $1 RETURNING *',
    [id, json(v.metadata), v.retryIfPossible, v.now],
  );
  return rows[0]!;
}

/** What payments belong to: a column of this table chosen here, never by the caller. */
export type PaymentOwner = { mandate: string } | { subscription: string } | { instalmentSchedule: string };

function ownerColumn(owner: PaymentOwner): ['mandate_id' | 'subscription_id' | 'instalment_schedule_id', string] {
  if ('mandate' in owner) return ['mandate_id', owner.mandate];
  if ('subscription' in owner) return ['subscription_id', owner.subscription];
  return ['instalment_schedule_id', owner.instalmentSchedule];
}

/** The owner's payments in one of `statuses`, locked for the caller's moves, oldest first. */
export async function lockPendingPaymentsOf(
  tx: Queryable,
  owner: PaymentOwner,
  statuses: readonly string[],
): Promise<PaymentRow[]> {
  const [column, id] = ownerColumn(owner);
  const { rows } = await tx.query<PaymentRow>(
    `SELECT * FROM payments WHERE ${column} = $1 AND status = ANY($2) ORDER BY id FOR UPDATE`,
    [id, statuses],
  );
  return rows;
}
