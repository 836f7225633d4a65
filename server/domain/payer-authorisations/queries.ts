import type { Queryable } from '../../db/db';
import { json } from '../../db/sql';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { PayerAuthorisationInput, PayerAuthorisationRow } from './types';
import type { PaBankAccount } from './types';
import type { PaCustomer } from './types';
import type { PaMandate } from './types';
import type { PayerAuthorisationStatus } from './types';

/** The organisations the operator opened payer authorisations to (closed by default). */
export const payerAuthorisationAccessTable = defineTable('payer_authorisation_access', {
  organisation_id: col.text(),
  opened_at: col.timestamptz(),
});

/** The only file that names `payer_authorisations` and `payer_authorisation_access` in SQL. */
export const payerAuthorisationsTable = defineTable('payer_authorisations', {
  id: col.text(),
  organisation_id: col.text(),
  status: col.text<PayerAuthorisationStatus>(),
  customer: col.jsonb<PaCustomer>(),
  bank_account: col.jsonb<PaBankAccount>(),
  mandate: col.jsonb<PaMandate>(),
  customer_id: col.text().nullable(),
  customer_bank_account_id: col.text().nullable(),
  mandate_id: col.text().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export const findPayerAuthorisation = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<PayerAuthorisationRow>(db, payerAuthorisationsTable, organisationId, id, options);

export const findPayerAuthorisationById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<PayerAuthorisationRow>(db, payerAuthorisationsTable, id, options);

export async function insertPayerAuthorisation(
  tx: Queryable,
  row: { id: string; organisation_id: string; created_at: Date } & Required<{
    [K in keyof PayerAuthorisationInput]: NonNullable<PayerAuthorisationInput[K]>;
  }>,
): Promise<PayerAuthorisationRow> {
  const { rows } = await tx.query<PayerAuthorisationRow>(
    `INSERT INTO payer_authorisations (id, organisation_id, status, customer, bank_account, mandate, created_at, updated_at)
     VALUES ($1, $2, 'created', $3, $4, $5, $6, $6) RETURNING *`,
    [row.id, row.organisation_id, json(row.customer), json(row.bank_account), json(row.mandate), row.created_at],
  );
  return rows[0]!;
}

/** Replaces the three objects of an authorisation still being edited; nothing once submitted. */
export async function updateObjects(
  tx: Queryable,
  id: string,
  objects: Pick<PayerAuthorisationRow, 'customer' | 'bank_account' | 'mandate'>,
  now: Date,
): Promise<PayerAuthorisationRow | undefined> {
  const { rows } = await tx.query<PayerAuthorisationRow>(
    `UPDATE payer_authorisations SET customer = $2, bank_account = $3, mandate = $4, updated_at = $5
     WHERE id = $1 AND status = 'created' RETURNING *`,
    [id, json(objects.customer), json(objects.bank_account), json(objects.mandate), now],
  );
  return rows[0];
}

/** Whether the operator opened payer authorisations to the organisation (closed by default). */
export async function isAccessOpen(db: Queryable, organisationId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM payer_authorisation_access WHERE organisation_id = $1', [
    organisationId,
  ]);
  return rows.length > 0;
}

export async function openAccess(tx: Queryable, organisationId: string, now: Date): Promise<void> {
  await tx.query(
    `INSERT INTO payer_authorisation_access (organisation_id, opened_at) VALUES ($1, $2) ON CONFLICT (organisation_id) DO NOTHING`,
    [organisationId, now],
  );
}

export async function closeAccess(tx: Queryable, organisationId: string): Promise<void> {
  await tx.query('DELETE FROM payer_authorisation_access WHERE organisation_id = $1', [organisationId]);
}
