import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { InstalmentScheduleFilters, InstalmentScheduleRow } from './types';

/** The only file that names the `instalment_schedules` table in SQL. */
export const instalmentSchedulesTable = defineTable('instalment_schedules', {
  id: col.text(),
  organisation_id: col.text(),
  mandate_id: col.text(),
  customer_id: col.text(),
  currency: col.text(),
  name: col.text(),
  total_amount: col.bigint(),
  app_fee: col.bigint().nullable(),
  payment_reference: col.text().nullable(),
  retry_if_possible: col.boolean(),
  status: col.text(),
  payment_errors: col.jsonb(),
  metadata: col.jsonb(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

/** A schedule as stored: without its payments' ids, which the service adds from the payments' owner. */
export type StoredInstalmentSchedule = Omit<InstalmentScheduleRow, 'payment_ids'>;

/** The organisation's schedule, or `resource_not_found`; `lock` for a change in the caller's transaction. */
export const findInstalmentSchedule = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<StoredInstalmentSchedule>(db, instalmentSchedulesTable, organisationId, id, options);

/** Any organisation's schedule: only for the bank's moves, which act for every organisation. */
export const findInstalmentScheduleById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<StoredInstalmentSchedule>(db, instalmentSchedulesTable, id, options);

export type NewInstalmentScheduleRow = Omit<StoredInstalmentSchedule, 'status' | 'payment_errors' | 'updated_at'>;

/** A new schedule, active from the start: its payments are created with it. */
export async function insertInstalmentSchedule(
  tx: Queryable,
  row: NewInstalmentScheduleRow,
): Promise<StoredInstalmentSchedule> {
  const { rows } = await tx.query<StoredInstalmentSchedule>(
    `INSERT INTO instalment_schedules (id, organisation_id, mandate_id, customer_id, currency, name, total_amount, app_fee, payment_reference,
       retry_if_possible, status, metadata, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'active', $11, $12, $12) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.mandate_id,
      row.customer_id,
      row.currency,
      row.name,
      row.total_amount,
      row.app_fee,
      row.payment_reference,
      row.retry_if_possible,
      json(row.metadata),
      row.created_at,
    ],
  );
  return rows[0]!;
}

/** Replaces the organisation's schedule's metadata; nothing when it is not the organisation's. */
export async function updateInstalmentScheduleMetadata(
  tx: Queryable,
  organisationId: string,
  id: string,
  metadata: Metadata,
  now: Date,
): Promise<StoredInstalmentSchedule | undefined> {
  const { rows } = await tx.query<StoredInstalmentSchedule>(
    'UPDATE instalment_schedules SET metadata = $3, updated_at = $4 WHERE id = $1 AND organisation_id = $2 RETURNING *',
    [id, organisationId, json(metadata), now],
  );
  return rows[0];
}

/** The mandate's schedules in one of `statuses`, locked for the caller's moves, oldest first. */
export async function lockInstalmentSchedulesOfMandate(
  tx: Queryable,
  mandateId: string,
  statuses: readonly string[],
): Promise<StoredInstalmentSchedule[]> {
  const { rows } = await tx.query<StoredInstalmentSchedule>(
    'SELECT * FROM instalment_schedules WHERE mandate_id = $1 AND status = ANY($2) ORDER BY id FOR UPDATE',
    [mandateId, statuses],
  );
  return rows;
}

export async function listInstalmentSchedules(
  db: Queryable,
  organisationId: string,
  filters: InstalmentScheduleFilters,
  page: PageRequest,
): Promise<Page<StoredInstalmentSchedule>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.customer) where.push(`customer_id = ${params.add(filters.customer)}`);
  if (filters.mandate) where.push(`mandate_id = ${params.add(filters.mandate)}`);
  if (filters.statuses?.length) where.push(`status = ANY(${params.add(filters.statuses)})`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<StoredInstalmentSchedule>(db, { from: instalmentSchedulesTable.name, where, params }, page);
}
