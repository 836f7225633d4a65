import type { Queryable } from '../../db/db';
import { Params, json } from '../../db/sql';
import type { Metadata } from '../shared/metadata';
import { pageQuery, whereInRange, type Page, type PageRequest, type TimeRange } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { MandateStatus } from './state';
import type { MandateRow } from './types';

/** The only file that names the `mandates` table in SQL. */
export const mandatesTable = defineTable('mandates', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  customer_id: col.text(),
  customer_bank_account_id: col.text(),
  scheme: col.text(),
  status: col.text<MandateStatus>(),
  reference: col.text(),
  metadata: col.jsonb<Metadata>(),
  authorisation_source: col.text().nullable(),
  consent_type: col.text().nullable(),
  consent_parameters: col.jsonb<Record<string, unknown>>().nullable(),
  funds_settlement: col.text(),
  mandate_type: col.text(),
  payer_ip_address: col.text().nullable(),
  verified_at: col.timestamptz().nullable(),
  reinstate_count: col.integer(),
  new_mandate_id: col.text().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export interface MandateFilters {
  createdAt?: TimeRange;
  creditor?: string;
  customer?: string;
  customerBankAccount?: string;
  mandateType?: string;
  reference?: string;
  schemes?: string[];
  statuses?: string[];
}

/** The organisation's mandate, or `resource_not_found`; `lock` for a change in the caller's transaction. */
export const findMandate = (db: Queryable, organisationId: string, id: string, options: { lock?: boolean } = {}) =>
  findOwned<MandateRow>(db, mandatesTable, organisationId, id, options);

/** Any organisation's mandate: only for the bank and the scheme clock, which act for every organisation. */
export const findMandateById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<MandateRow>(db, mandatesTable, id, options);

/** Whose a mandate is: its customer and bank account (blocks by reference). */
export async function findMandateParties(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<{ customer_id: string; customer_bank_account_id: string } | undefined> {
  const { rows } = await db.query<{ customer_id: string; customer_bank_account_id: string }>(
    'SELECT customer_id, customer_bank_account_id FROM mandates WHERE id = $1 AND organisation_id = $2',
    [id, organisationId],
  );
  return rows[0];
}

/** Mandate references are unique per creditor and scheme, whatever their case. */
export async function isReferenceTaken(
  db: Queryable,
  creditorId: string,
  scheme: string,
  reference: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM mandates WHERE creditor_id = $1 AND scheme = $2 AND upper(reference) = upper($3)',
    [creditorId, scheme, reference],
  );
  return rows.length > 0;
}

export interface NewMandateRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  customer_id: string;
  customer_bank_account_id: string;
  scheme: string;
  status: MandateStatus;
  reference: string;
  metadata: Metadata;
  authorisation_source: string | null;
  consent_type: string | null;
  consent_parameters: Record<string, unknown> | null;
  funds_settlement: string;
  mandate_type: string;
  payer_ip_address: string | null;
  verified_at: Date | null;
  created_at: Date;
}

export async function insertMandate(tx: Queryable, row: NewMandateRow): Promise<MandateRow> {
  const { rows } = await tx.query<MandateRow>(
    `INSERT INTO mandates (id, organisation_id, creditor_id, customer_id, customer_bank_account_id, scheme, status, reference, metadata,
       authorisation_source, consent_type, consent_parameters, funds_settlement, mandate_type, payer_ip_address, verified_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17) RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.customer_id,
      row.customer_bank_account_id,
      row.scheme,
      row.status,
      row.reference,
      json(row.metadata),
      row.authorisation_source,
      row.consent_type,
      row.consent_parameters ? json(row.consent_parameters) : null,
      row.funds_settlement,
      row.mandate_type,
      row.payer_ip_address,
      row.verified_at,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function updateMandateMetadata(
  tx: Queryable,
  id: string,
  metadata: Metadata,
  now: Date,
): Promise<MandateRow> {
  const { rows } = await tx.query<MandateRow>(
    'UPDATE mandates SET metadata = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, json(metadata), now],
  );
  return rows[0]!;
}

/** The payer's bank moved the mandate to another account (a transfer): the mandate now debits it. */
export async function moveMandateToAccount(
  tx: Queryable,
  id: string,
  bankAccountId: string,
  now: Date,
): Promise<MandateRow> {
  const { rows } = await tx.query<MandateRow>(
    'UPDATE mandates SET customer_bank_account_id = $2, updated_at = $3 WHERE id = $1 RETURNING *',
    [id, bankAccountId, now],
  );
  return rows[0]!;
}

export async function listMandates(
  db: Queryable,
  organisationId: string,
  filters: MandateFilters,
  page: PageRequest,
): Promise<Page<MandateRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
  if (filters.customer) where.push(`customer_id = ${params.add(filters.customer)}`);
  if (filters.customerBankAccount) where.push(`customer_bank_account_id = ${params.add(filters.customerBankAccount)}`);
  if (filters.mandateType) where.push(`mandate_type = ${params.add(filters.mandateType)}`);
  if (filters.reference) where.push(`reference = ${params.add(filters.reference)}`);
  if (filters.schemes?.length) where.push(`scheme = ANY(${params.add(filters.schemes)})`);
  if (filters.statuses?.length) where.push(`status = ANY(${params.add(filters.statuses)})`);
  whereInRange(where, params, 'created_at', filters.createdAt);
  return pageQuery<MandateRow>(db, { from: mandatesTable.name, where, params }, page);
}

/** Who mandates are cancelled for together: a removed customer, or a disabled bank account. */
export type MandateHolder = { customer: string } | { bankAccount: string };

/** The holder's mandates in one of `statuses`, locked for the caller's moves, oldest first. */
export async function lockMandatesOf(
  tx: Queryable,
  holder: MandateHolder,
  statuses: readonly string[],
): Promise<MandateRow[]> {
  const [column, id] =
    'customer' in holder ? ['customer_id', holder.customer] : ['customer_bank_account_id', holder.bankAccount];
  const { rows } = await tx.query<MandateRow>(
    `SELECT * FROM mandates WHERE ${column} = $1 AND status = ANY($2) ORDER BY id FOR UPDATE`,
    [id, statuses],
  );
  return rows;
}

/**
 * The customer's other mandates with the same creditor and scheme on another bank account, in one
 * of `statuses`, locked: those a new mandate replaces.
 */
export async function lockMandatesReplacedBy(
  tx: Queryable,
  mandate: MandateRow,
  statuses: readonly string[],
): Promise<MandateRow[]> {
  const { rows } = await tx.query<MandateRow>(
    `SELECT * FROM mandates WHERE customer_id = $1 AND creditor_id = $2 AND scheme = $3 AND id <> $4
       AND customer_bank_account_id <> $5 AND status = ANY($6) FOR UPDATE`,
    [mandate.customer_id, mandate.creditor_id, mandate.scheme, mandate.id, mandate.customer_bank_account_id, statuses],
  );
  return rows;
}

/** The ids of a customer's mandates (lists of payments and subscriptions filtered by customer). */
export async function listMandateIdsOfCustomer(
  db: Queryable,
  organisationId: string,
  customerId: string,
): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM mandates WHERE customer_id = $1 AND organisation_id = $2',
    [customerId, organisationId],
  );
  return rows.map((r) => r.id);
}

/** Each mandate's scheme, by id (it picks the calendar a subscription's dates roll on). */
export async function findMandateSchemes(db: Queryable, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const { rows } = await db.query<{ id: string; scheme: string }>(
    'SELECT id, scheme FROM mandates WHERE id = ANY($1)',
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [r.id, r.scheme]));
}
