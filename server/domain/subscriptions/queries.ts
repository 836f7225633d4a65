import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { SubscriptionFilters, SubscriptionPause, SubscriptionRow } from './types';

/** The only file that names the `subscriptions` table in SQL. */
export const subscriptionsTable = defineTable('subscriptions', {
  id: col.text(),
  organisation_id: col.text(),
  mandate_id: col.text(),
  amount: col.bigint(),
  app_fee: col.bigint().nullable(),
  count: col.integer().nullable(),
  currency: col.text(),
  day_of_month: col.integer().nullable(),
  interval: col.integer(),
  interval_unit: col.text(),
  month: col.text().nullable(),
  name: col.text().nullable(),
  payment_reference: col.text().nullable(),
  retry_if_possible: col.boolean(),
  start_date: col.date(),
  end_date: col.date().nullable(),
  status: col.text(),
  metadata: col.jsonb(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  pauses: col.jsonb(),
});

/** A subscription as stored: without its mandate's scheme, which the service adds from the mandates' owner. */
export type StoredSubscription = Omit<SubscriptionRow, 'scheme'>;

/** The organisation's subscription, or `resource_not_found`; `lock` for a change in the caller's transaction. */
export const findSubscription = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<StoredSubscription>(db, subscriptionsTable, organisationId, id, options);

/** Any organisation's subscription: only for the scheme clock, which acts for every organisation. */
export const findSubscriptionById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<StoredSubscription>(db, subscriptionsTable, id, options);

export type NewSubscriptionRow = Omit<StoredSubscription, 'status' | 'updated_at' | 'pauses'>;

/** A new subscription, active from the start and never paused yet. */
export async function insertSubscription(tx: Queryable, row: NewSubscriptionRow): Promise<StoredSubscription> {
  const { rows } = await tx.query<StoredSubscription>(
    `INSERT INTO subscriptions (id, organisation_id, mandate_id, amount, app_fee, count, currency, day_of_month, interval, interval_unit, month,
       name, payment_reference, retry_if_possible, start_date, end_date, status, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'active', $17, $18, $18) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.mandate_id,
      row.amount,
      row.app_fee,
      row.count,
      row.currency,
      row.day_of_month,
      row.interval,
      row.interval_unit,
      row.month,
      row.name,
      row.payment_reference,
      row.retry_if_possible,
      row.start_date,
      row.end_date,
      json(row.metadata),
      row.created_at,
    ],
  );
  return rows[0]!;
}

/** What PUT changes: the terms of payments created from now on, and the metadata. */
export interface SubscriptionTerms {
  amount: number;
  app_fee: number | null;
  name: string | null;
  payment_reference: string | null;
  retry_if_possible: boolean;
  metadata: Metadata;
}

export async function updateSubscriptionTerms(
  tx: Queryable,
  id: string,
  terms: SubscriptionTerms,
  now: Date,
): Promise<StoredSubscription> {
  const { rows } = await tx.query<StoredSubscription>(
    `UPDATE subscriptions SET amount = $2, app_fee = $3, name = $4, payment_reference = $5, retry_if_possible = $6, metadata = $7, updated_at = $8
     WHERE id = $1 RETURNING *`,
    [
      id,
      terms.amount,
      terms.app_fee,
      terms.name,
      terms.payment_reference,
      terms.retry_if_possible,
      json(terms.metadata),
      now,
    ],
  );
  return rows[0]!;
}

/** A paused subscription's pauses changed without a change of status (a pause for cycles made open-ended). */
export async function setSubscriptionPauses(
  tx: Queryable,
  id: string,
  pauses: readonly SubscriptionPause[],
  now: Date,
): Promise<StoredSubscription> {
  const { rows } = await tx.query<StoredSubscription>(
    'UPDATE subscriptions SET pauses = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, JSON.stringify(pauses), now],
  );
  return rows[0]!;
}

/** The mandate's subscriptions in one of `statuses`, locked for the caller's moves, oldest first. */
export async function lockSubscriptionsOfMandate(
  tx: Queryable,
  mandateId: string,
  statuses: readonly string[],
): Promise<StoredSubscription[]> {
  const { rows } = await tx.query<StoredSubscription>(
    'SELECT * FROM subscriptions WHERE mandate_id = $1 AND status = ANY($2) ORDER BY id FOR UPDATE',
    [mandateId, statuses],
  );
  return rows;
}

/**
 * The organisation's subscriptions, newest first, by the list's filters. A filter by customer comes
 * as the ids of that customer's mandates (the mandates' owner knows them).
 */
export async function listSubscriptions(
  db: Queryable,
  organisationId: string,
  filters: Omit<SubscriptionFilters, 'customer'> & { customerMandates?: readonly string[] },
  page: PageRequest,
): Promise<Page<StoredSubscription>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.customerMandates) where.push(`mandate_id = ANY(${params.add(filters.customerMandates)})`);
  if (filters.mandate) where.push(`mandate_id = ${params.add(filters.mandate)}`);
  if (filters.statuses?.length) where.push(`status = ANY(${params.add(filters.statuses)})`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<StoredSubscription>(db, { from: subscriptionsTable.name, where, params }, page);
}
