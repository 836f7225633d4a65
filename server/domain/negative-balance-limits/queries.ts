import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `negative_balance_limits` in SQL. */
export const negativeBalanceLimitsTable = defineTable('negative_balance_limits', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  currency: col.text(),
  /** Minor units, positive: how far below zero the confirmed funds may go through refunds. */
  balance_limit: col.bigint(),
  creator_user_id: col.text().nullable(),
  created_at: col.timestamptz(),
});

/** A row of `negative_balance_limits` as stored: its table's declaration. */
export type NegativeBalanceLimitRow = RowOf<typeof negativeBalanceLimitsTable>;

/** The limit set for a creditor and currency, if the operator set one. */
export async function findLimit(
  db: Queryable,
  creditorId: string,
  currency: string,
): Promise<NegativeBalanceLimitRow | undefined> {
  const { rows } = await db.query<NegativeBalanceLimitRow>(
    'SELECT * FROM negative_balance_limits WHERE creditor_id = $1 AND currency = $2',
    [creditorId, currency],
  );
  return rows[0];
}

/** Sets the limit of a creditor and currency; a new limit is a new record (new id and date). */
export async function upsertLimit(
  tx: Queryable,
  row: Omit<NegativeBalanceLimitRow, 'created_at' | 'creator_user_id'>,
  now: Date,
): Promise<NegativeBalanceLimitRow> {
  const { rows } = await tx.query<NegativeBalanceLimitRow>(
    `INSERT INTO negative_balance_limits (id, organisation_id, creditor_id, currency, balance_limit, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (creditor_id, currency) DO UPDATE
       SET id = EXCLUDED.id, balance_limit = EXCLUDED.balance_limit, created_at = EXCLUDED.created_at
     RETURNING *`,
    [row.id, row.organisation_id, row.creditor_id, row.currency, row.balance_limit, now],
  );
  return rows[0]!;
}

export async function listLimits(
  db: Queryable,
  organisationId: string,
  filters: { creditor?: string; currency?: string },
  page: PageRequest,
): Promise<Page<NegativeBalanceLimitRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
  if (filters.currency) where.push(`currency = ${params.add(filters.currency)}`);
  return pageQuery<NegativeBalanceLimitRow>(db, { from: 'negative_balance_limits', where, params }, page);
}
