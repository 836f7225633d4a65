import type { Queryable } from '../../db/db';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `dropin_origins` in SQL. */
export const dropinOriginsTable = defineTable('dropin_origins', {
  organisation_id: col.text(),
  origin: col.text(),
  created_at: col.timestamptz(),
});

/** A row of `dropin_origins` as stored: its table's declaration. */
export type DropinOriginRow = RowOf<typeof dropinOriginsTable>;

export async function insertOrigin(db: Queryable, organisationId: string, origin: string, now: Date) {
  const { rows } = await db.query<DropinOriginRow>(
    `INSERT INTO dropin_origins (organisation_id, origin, created_at) VALUES ($1, $2, $3)
     ON CONFLICT (organisation_id, origin) DO UPDATE SET origin = EXCLUDED.origin RETURNING *`,
    [organisationId, origin, now],
  );
  return rows[0]!;
}

export async function deleteOrigin(db: Queryable, organisationId: string, origin: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM dropin_origins WHERE organisation_id = $1 AND origin = $2 RETURNING origin',
    [organisationId, origin],
  );
  return rows.length > 0;
}

export async function listOrigins(db: Queryable, organisationId: string): Promise<DropinOriginRow[]> {
  const { rows } = await db.query<DropinOriginRow>(
    'SELECT * FROM dropin_origins WHERE organisation_id = $1 ORDER BY origin',
    [organisationId],
  );
  return rows;
}

export async function originRegistered(db: Queryable, organisationId: string, origin: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM dropin_origins WHERE organisation_id = $1 AND origin = $2', [
    organisationId,
    origin,
  ]);
  return rows.length > 0;
}
