import type { Queryable } from '../../db/db';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { BankAuthorisationRow } from './types';

/** The only file that names the `bank_authorisations` table in SQL. */
export const bankAuthorisationsTable = defineTable('bank_authorisations', {
  id: col.text(),
  organisation_id: col.text(),
  billing_request_id: col.text(),
  flow_id: col.text().nullable(),
  institution_id: col.text(),
  authorisation_type: col.text<'payment' | 'mandate'>(),
  redirect_uri: col.text(),
  status: col.text<'pending' | 'authorised' | 'denied' | 'failed' | 'expired'>(),
  created_at: col.timestamptz(),
  expires_at: col.timestamptz(),
  last_visited_at: col.timestamptz().nullable(),
  authorised_at: col.timestamptz().nullable(),
  completed_at: col.timestamptz().nullable(),
});

export const findBankAuthorisation = (db: Queryable, organisationId: string, id: string) =>
  findOwned<BankAuthorisationRow>(db, bankAuthorisationsTable, organisationId, id);

/** By id alone: for the (simulated) bank, which only the authorisation's link leads to. */
export const findBankAuthorisationById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<BankAuthorisationRow>(db, bankAuthorisationsTable, id, options);

export type NewBankAuthorisationRow = Pick<
  BankAuthorisationRow,
  | 'id'
  | 'organisation_id'
  | 'billing_request_id'
  | 'flow_id'
  | 'institution_id'
  | 'authorisation_type'
  | 'redirect_uri'
  | 'created_at'
  | 'expires_at'
>;

export async function insertBankAuthorisation(
  tx: Queryable,
  row: NewBankAuthorisationRow,
): Promise<BankAuthorisationRow> {
  const { rows } = await tx.query<BankAuthorisationRow>(
    `INSERT INTO bank_authorisations (id, organisation_id, billing_request_id, flow_id, institution_id, authorisation_type, redirect_uri, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.billing_request_id,
      row.flow_id,
      row.institution_id,
      row.authorisation_type,
      row.redirect_uri,
      row.created_at,
      row.expires_at,
    ],
  );
  return rows[0]!;
}

export async function markVisited(tx: Queryable, id: string, at: Date): Promise<BankAuthorisationRow> {
  const { rows } = await tx.query<BankAuthorisationRow>(
    'UPDATE bank_authorisations SET last_visited_at = $2 WHERE id = $1 RETURNING *',
    [id, at],
  );
  return rows[0]!;
}

/** Ends an authorisation's lifetime at `at` (the sandbox's timeout scenario). */
export async function endLifetime(tx: Queryable, id: string, at: Date): Promise<BankAuthorisationRow> {
  const { rows } = await tx.query<BankAuthorisationRow>(
    'UPDATE bank_authorisations SET expires_at = $2 WHERE id = $1 RETURNING *',
    [id, at],
  );
  return rows[0]!;
}
