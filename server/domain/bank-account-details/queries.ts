import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names the `bank_account_sealed_details` and `organisation_jwks` tables in SQL. */
export const sealedDetailsTable = defineTable('bank_account_sealed_details', {
  customer_bank_account_id: col.text(),
  organisation_id: col.text(),
  sealed: col.text(),
  created_at: col.timestamptz(),
});

export const organisationJwksTable = defineTable('organisation_jwks', {
  organisation_id: col.text(),
  jwks: col.jsonb<{ keys: Record<string, unknown>[] }>(),
  source: col.text(),
  updated_at: col.timestamptz(),
});

export async function insertSealedDetails(
  tx: Queryable,
  row: { customer_bank_account_id: string; organisation_id: string; sealed: string; created_at: Date },
): Promise<void> {
  await tx.query(
    `INSERT INTO bank_account_sealed_details (customer_bank_account_id, organisation_id, sealed, created_at)
     VALUES ($1, $2, $3, $4)`,
    [row.customer_bank_account_id, row.organisation_id, row.sealed, row.created_at],
  );
}

export async function findSealedDetails(
  db: Queryable,
  organisationId: string,
  bankAccountId: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ sealed: string }>(
    'SELECT sealed FROM bank_account_sealed_details WHERE customer_bank_account_id = $1 AND organisation_id = $2',
    [bankAccountId, organisationId],
  );
  return rows[0]?.sealed;
}

/** A row of `organisation_jwks` as stored: its table's declaration. */
export type OrganisationJwksRow = RowOf<typeof organisationJwksTable>;

/** Registers (or replaces) the organisation's JWKS. */
export async function upsertOrganisationJwks(
  tx: Queryable,
  row: { organisation_id: string; jwks: { keys: unknown[] }; source: string; updated_at: Date },
): Promise<OrganisationJwksRow> {
  const { rows } = await tx.query<OrganisationJwksRow>(
    `INSERT INTO organisation_jwks (organisation_id, jwks, source, updated_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (organisation_id) DO UPDATE SET jwks = EXCLUDED.jwks, source = EXCLUDED.source, updated_at = EXCLUDED.updated_at
     RETURNING *`,
    [row.organisation_id, json(row.jwks), row.source, row.updated_at],
  );
  return rows[0]!;
}

export async function findOrganisationJwks(
  db: Queryable,
  organisationId: string,
): Promise<OrganisationJwksRow | undefined> {
  const { rows } = await db.query<OrganisationJwksRow>('SELECT * FROM organisation_jwks WHERE organisation_id = $1', [
    organisationId,
  ]);
  return rows[0];
}

export async function deleteOrganisationJwks(tx: Queryable, organisationId: string): Promise<boolean> {
  const result = await tx.query('DELETE FROM organisation_jwks WHERE organisation_id = $1', [organisationId]);
  return (result.rowCount ?? 0) > 0;
}
