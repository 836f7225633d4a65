import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, findById, findOwned } from '../shared/table';
import type { SchemeIdentifierRow, SchemeIdentifierScheme } from './types';
import type { SchemeIdentifierStatus } from './types';

/** The only file that names the `scheme_identifiers` table in SQL. */
export const schemeIdentifiersTable = defineTable('scheme_identifiers', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  scheme: col.text<SchemeIdentifierScheme>(),
  name: col.text(),
  reference: col.text(),
  currency: col.text(),
  country_code: col.text(),
  minimum_advance_notice: col.integer(),
  can_specify_mandate_reference: col.boolean(),
  address_line1: col.text().nullable(),
  address_line2: col.text().nullable(),
  address_line3: col.text().nullable(),
  city: col.text().nullable(),
  region: col.text().nullable(),
  postal_code: col.text().nullable(),
  email: col.text().nullable(),
  phone_number: col.text().nullable(),
  status: col.text<SchemeIdentifierStatus>(),
  activated_at: col.timestamptz().nullable(),
  created_at: col.timestamptz(),
  updated_at: col.timestamptz(),
});

export const findSchemeIdentifier = (
  db: Queryable,
  organisationId: string,
  id: string,
  options: { lock?: boolean } = {},
) => findOwned<SchemeIdentifierRow>(db, schemeIdentifiersTable, organisationId, id, options);

/** For the scheme clock, which acts for every organisation. */
export const findSchemeIdentifierById = (db: Queryable, id: string, options: { lock?: boolean } = {}) =>
  findById<SchemeIdentifierRow>(db, schemeIdentifiersTable, id, options);

export type NewSchemeIdentifier = Omit<SchemeIdentifierRow, 'activated_at' | 'updated_at'>;

export async function insertSchemeIdentifier(tx: Queryable, row: NewSchemeIdentifier): Promise<SchemeIdentifierRow> {
  const { rows } = await tx.query<SchemeIdentifierRow>(
    `INSERT INTO scheme_identifiers (id, organisation_id, creditor_id, scheme, name, reference, currency, country_code,
       minimum_advance_notice, can_specify_mandate_reference, address_line1, address_line2, address_line3, city,
       region, postal_code, email, phone_number, status, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $20)
     RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.scheme,
      row.name,
      row.reference,
      row.currency,
      row.country_code,
      row.minimum_advance_notice,
      row.can_specify_mandate_reference,
      row.address_line1,
      row.address_line2,
      row.address_line3,
      row.city,
      row.region,
      row.postal_code,
      row.email,
      row.phone_number,
      row.status,
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function listSchemeIdentifiers(
  db: Queryable,
  organisationId: string,
  filters: { creditor?: string },
  page: PageRequest,
): Promise<Page<SchemeIdentifierRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`];
  if (filters.creditor) where.push(`creditor_id = ${params.add(filters.creditor)}`);
  return pageQuery<SchemeIdentifierRow>(db, { from: schemeIdentifiersTable.name, where, params }, page);
}

/** Every identifier of these creditors, oldest first: one query for a page of creditors. */
export async function listIdentifiersOfCreditors(
  db: Queryable,
  creditorIds: readonly string[],
): Promise<SchemeIdentifierRow[]> {
  if (creditorIds.length === 0) return [];
  const { rows } = await db.query<SchemeIdentifierRow>(
    'SELECT * FROM scheme_identifiers WHERE creditor_id = ANY($1) ORDER BY id',
    [creditorIds],
  );
  return rows;
}

/** The creditor's newest active identifier in a scheme, if it has one. */
export async function findActiveIdentifier(
  db: Queryable,
  creditorId: string,
  scheme: SchemeIdentifierScheme,
): Promise<SchemeIdentifierRow | undefined> {
  const { rows } = await db.query<SchemeIdentifierRow>(
    `SELECT * FROM scheme_identifiers WHERE creditor_id = $1 AND scheme = $2 AND status = 'active'
     ORDER BY id DESC LIMIT 1`,
    [creditorId, scheme],
  );
  return rows[0];
}
