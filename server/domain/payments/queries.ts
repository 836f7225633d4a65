import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import { convertMinorUnits } from '../shared/exact-decimal';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { NewPayment, PaymentFilters, PaymentRow } from './types';
import type { PaymentStatus } from './state';

/** The only file that names the `payments` table in SQL; the state runner builds its UPDATEs from this. */
export const paymentsTable = defineTable('payments', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  mandate_id: col.text().nullable(),
  subscription_id: col.text().nullable(),
  instalment_schedule_id: col.text().nullable(),
  amount: col.bigint(),
  amount_refunded: col.bigint(),
  app_fee: col.bigint().nullable(),
  currency: col.text(),
  charge_date: col.date().nullable(),
  description: col.text().nullable(),
  reference: col.text().nullable(),
  scheme: col.text(),
  status: col.text<PaymentStatus>(),
  metadata: col.jsonb<Metadata>(),
  retry_if_possible: col.boolean(),
  faster_ach: col.boolean().nullable(),
  funds_settlement: col.text(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  /** The payout that paid it out (`links.payout`). */
  payout_id: col.text().nullable(),
  /** Set when that payout pays in another currency (`fx`, decision 0076); null otherwise. */
  fx_currency: col.text().nullable(),
  fx_amount: col.bigint().nullable(),
  exchange_rate: col.text().nullable(),
  estimated_exchange_rate: col.text().nullable(),
});

/** The organisation's payment, or `resource_not_found`; `lock` for a change in the caller's transaction. */
export const findPayment = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<PaymentRow>(db, paymentsTable, organisationId, id, options);

/** Any organisation's payment: only for the bank and the scheme clock, which act for every organisation. */
export const findPaymentById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<PaymentRow>(db, paymentsTable, id, options);

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

/**
 * The organisation's payments, newest first, by the list's filters: one indexed cursor query. A
 * filter by customer comes as the ids of that customer's mandates (the mandates' owner knows them).
 */
export async function listPayments(
  db: Queryable,
  organisationId: string,
  filters: Omit<PaymentFilters, 'customer'> & { customerMandates?: readonly string[] },
  page: PageRequest,
): Promise<Page<PaymentRow>> {
  const params = new Params();
  const where = [`p.organisation_id = ${params.add(organisationId)}`];
  if (filters.creditor) where.push(`p.creditor_id = ${params.add(filters.creditor)}`);
  if (filters.currency) where.push(`p.currency = ${params.add(filters.currency)}`);
  if (filters.mandate) where.push(`p.mandate_id = ${params.add(filters.mandate)}`);
  if (filters.scheme) where.push(`p.scheme = ${params.add(filters.scheme)}`);
  if (filters.status) where.push(`p.status = ${params.add(filters.status)}`);
  if (filters.reference) where.push(`p.reference = ${params.add(filters.reference)}`);
  if (filters.subscription) where.push(`p.subscription_id = ${params.add(filters.subscription)}`);
  if (filters.instalmentSchedule) where.push(`p.instalment_schedule_id = ${params.add(filters.instalmentSchedule)}`);
  if (filters.customerMandates) where.push(`p.mandate_id = ANY(${params.add(filters.customerMandates)})`);
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

/** How many of the instalment schedule's payments are in each status (its completion asks). */
export async function countPaymentsOfInstalmentSchedule(
  db: Queryable,
  scheduleId: string,
): Promise<{ total: number; paidOut: number }> {
  const { rows } = await db.query<{ total: number; paid_out: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'paid_out')::int AS paid_out
     FROM payments WHERE instalment_schedule_id = $1`,
    [scheduleId],
  );
  return { total: rows[0]!.total, paidOut: rows[0]!.paid_out };
}

/** How many payments the subscription has ever had: the next charge's index. */
export async function countPaymentsOfSubscription(db: Queryable, subscriptionId: string): Promise<number> {
  const { rows } = await db.query<{ created: number }>(
    'SELECT count(*)::int AS created FROM payments WHERE subscription_id = $1',
    [subscriptionId],
  );
  return rows[0]!.created;
}

/** The ids of each instalment schedule's payments, in id order (one query for a whole list page). */
export async function listPaymentIdsOfSchedules(
  db: Queryable,
  scheduleIds: readonly string[],
): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>(scheduleIds.map((id) => [id, []]));
  if (!scheduleIds.length) return ids;
  const { rows } = await db.query<{ id: string; instalment_schedule_id: string }>(
    'SELECT id, instalment_schedule_id FROM payments WHERE instalment_schedule_id = ANY($1) ORDER BY id',
    [[...scheduleIds]],
  );
  for (const row of rows) ids.get(row.instalment_schedule_id)?.push(row.id);
  return ids;
}

/**
 * Adds `delta` (negative when a refund bounces) to what was refunded of a payment, in the
 * refund's transaction; the caller holds the payment's row lock.
 */
/**
 * The payments a paid FX payout paid out: the payout's confirmed rate, each one's own converted
 * amount (the payout's rounding), the estimate cleared, as the payout's own `fx` (decision 0076).
 */
export async function confirmPaymentsFx(tx: Queryable, payoutId: string, rate: string, now: Date): Promise<void> {
  const { rows } = await tx.query<{ id: string; amount: number }>(
    'SELECT id, amount FROM payments WHERE payout_id = $1 AND fx_currency IS NOT NULL ORDER BY id FOR UPDATE',
    [payoutId],
  );
  for (const row of rows)
    await tx.query(
      `UPDATE payments SET exchange_rate = $2, fx_amount = $3, estimated_exchange_rate = NULL, updated_at = $4
        WHERE id = $1`,
      [row.id, rate, convertMinorUnits(Number(row.amount), rate), now],
    );
}

export async function addAmountRefunded(tx: Queryable, id: string, delta: number, now: Date): Promise<PaymentRow> {
  const { rows } = await tx.query<PaymentRow>(
    'UPDATE payments SET amount_refunded = amount_refunded + $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, delta, now],
  );
  return rows[0]!;
}

/** An instalment schedule's charges in date order (its notices show the schedule ahead). */
export async function listChargesOfInstalmentSchedule(
  db: Queryable,
  scheduleId: string,
): Promise<Array<{ amount: number; currency: string; charge_date: string | null }>> {
  const { rows } = await db.query<{ amount: number; currency: string; charge_date: string | null }>(
    `SELECT amount, currency, charge_date FROM payments WHERE instalment_schedule_id = $1
     ORDER BY charge_date NULLS LAST, id LIMIT 24`,
    [scheduleId],
  );
  return rows;
}
