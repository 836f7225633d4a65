import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { assertColumns, col, defineTable, findById, findOwned } from '../shared/table';
import { CREDITOR_UPDATABLE, type CreditorRow, type CreditorUpdate } from './types';

/** The only file that names the `creditors` table in SQL. */
export const creditorsTable = defineTable('creditors', {
  id: col.text(),
  organisation_id: col.text(),
  name: col.text(),
  creditor_type: col.text(),
  country_code: col.text(),
  address_line1: col.text().nullable(),
  address_line2: col.text().nullable(),
  address_line3: col.text().nullable(),
  city: col.text().nullable(),
  region: col.text().nullable(),
  postal_code: col.text().nullable(),
  bank_reference_prefix: col.text().nullable(),
  verification_status: col.text(),
  custom_payment_pages_enabled: col.boolean(),
  mandate_imports_enabled: col.boolean(),
  merchant_responsible_for_notifications: col.boolean(),
  can_create_refunds: col.boolean(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
  scheme_identifiers: col.jsonb(),
  logo_url: col.text().nullable(),
  fx_payout_currency: col.text().nullable(),
  email: col.text().nullable(),
  phone_number: col.text().nullable(),
  outbound_payments_require_approval: col.boolean(),
});

export const findCreditor = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<CreditorRow>(db, creditorsTable, organisationId, id, options);

/** A creditor by id alone: for code acting on a row that already names it (fulfilment, the bank). */
export const findCreditorById = (db: Queryable, id: string) => findById<CreditorRow>(db, creditorsTable, id);

/** The organisation's creditors, oldest first, at most `limit` of them. */
export async function listCreditorsOfOrganisation(
  db: Queryable,
  organisationId: string,
  limit?: number,
): Promise<CreditorRow[]> {
  const { rows } = await db.query<CreditorRow>(
    'SELECT * FROM creditors WHERE organisation_id = $1 ORDER BY id LIMIT $2',
    [organisationId, limit ?? null],
  );
  return rows;
}

export async function listCreditors(
  db: Queryable,
  organisationId: string,
  filters: { createdAt?: TimeRange },
  page: PageRequest,
): Promise<Page<CreditorRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<CreditorRow>(db, { from: creditorsTable.name, where, params }, page);
}

export interface NewCreditorRow {
  id: string;
  organisation_id: string;
  name: string;
  country_code: string;
  creditor_type: string;
  bank_reference_prefix: string | null;
  address_line1?: string | null;
  city?: string | null;
  postal_code?: string | null;
  created_at: Date;
}

export async function insertCreditor(tx: Queryable, row: NewCreditorRow): Promise<CreditorRow> {
  const { rows } = await tx.query<CreditorRow>(
    `INSERT INTO creditors (id, organisation_id, name, country_code, creditor_type, bank_reference_prefix,
       address_line1, city, postal_code, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $8, $9, $10, $7, $7) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.name,
      row.country_code,
      row.creditor_type,
      row.bank_reference_prefix,
      row.created_at,
      row.address_line1 ?? null,
      row.city ?? null,
      row.postal_code ?? null,
    ],
  );
  return rows[0]!;
}

/**
 * Sets the given updatable fields. The columns written are the owner's `CREDITOR_UPDATABLE`
 * constants that the change names, never the change's own keys.
 */
export async function updateCreditor(
  tx: Queryable,
  id: string,
  change: CreditorUpdate,
  updatedAt: Date,
): Promise<CreditorRow> {
  const columns = CREDITOR_UPDATABLE.filter((column) => column in change);
  assertColumns(creditorsTable, columns);
  const params = new Params();
  const sets = columns.map((column) => `${column} = ${params.add(change[column] ?? null)}`);
  sets.push(`updated_at = ${params.add(updatedAt)}`);
  const { rows } = await tx.query<CreditorRow>(
    `UPDATE creditors SET ${sets.join(', ')} WHERE id = ${params.add(id)} RETURNING *`,
    params.values,
  );
  return rows[0]!;
}

/** Points the creditor's `logo_url` at its current logo file (branding owns the file itself). */
export async function setCreditorLogoUrl(tx: Queryable, id: string, logoUrl: string, updatedAt: Date): Promise<void> {
  await tx.query('UPDATE creditors SET logo_url = $2, updated_at = $3 WHERE id = $1', [id, logoUrl, updatedAt]);
}

/** The operator's switch (CLI): whether the creditor's outbound payments need a second approver. */
export async function setOutboundApprovalRequired(
  tx: Queryable,
  creditorId: string,
  required: boolean,
  now: Date,
): Promise<CreditorRow | undefined> {
  const { rows } = await tx.query<CreditorRow>(
    'UPDATE creditors SET outbound_payments_require_approval = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [creditorId, required, now],
  );
  return rows[0];
}

/** Sets a creditor's verification status; answers the row as it was before, or undefined if unchanged. */
export async function setVerificationStatus(
  tx: Queryable,
  id: string,
  status: 'successful' | 'in_review' | 'action_required',
  updatedAt: Date,
): Promise<CreditorRow | undefined> {
  const { rows } = await tx.query<CreditorRow>(
    `UPDATE creditors SET verification_status = $2, updated_at = $3
     WHERE id = $1 AND verification_status <> $2 RETURNING *`,
    [id, status, updatedAt],
  );
  return rows[0];
}

/**
 * Sets the currency the creditor is paid in when it has no payout account in the collected one
 * (decision 0041; null: none); answers the row as it was before, or undefined if unchanged.
 */
export async function setFxPayoutCurrency(
  tx: Queryable,
  id: string,
  currency: string | null,
  updatedAt: Date,
): Promise<CreditorRow | undefined> {
  const { rows } = await tx.query<CreditorRow>(
    `UPDATE creditors SET fx_payout_currency = $2, updated_at = $3
     WHERE id = $1 AND fx_payout_currency IS DISTINCT FROM $2 RETURNING *`,
    [id, currency, updatedAt],
  );
  return rows[0];
}
