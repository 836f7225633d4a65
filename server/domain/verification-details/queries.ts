import type { Queryable } from '../../db/db';
import { Params } from '../../db/sql';
import { pageQuery, type Page, type PageRequest } from '../shared/pagination';
import { col, defineTable, type RowOf } from '../shared/table';

/** The only file that names `verification_details` in SQL. */
export const verificationDetailsTable = defineTable('verification_details', {
  id: col.text(),
  organisation_id: col.text(),
  creditor_id: col.text(),
  name: col.text(),
  company_number: col.text(),
  description: col.text(),
  address_line1: col.text(),
  address_line2: col.text().nullable(),
  address_line3: col.text().nullable(),
  city: col.text(),
  region: col.text().nullable(),
  postal_code: col.text(),
  country_code: col.text().nullable(),
  directors: col.jsonb<Director[]>(),
  created_at: col.timestamptz(),
});

export interface Director {
  given_name: string;
  family_name: string;
  date_of_birth: string;
  street: string;
  city: string;
  postal_code: string;
  country_code: string;
}

/** A row of `verification_details` as stored: its table's declaration. */
export type VerificationDetailRow = RowOf<typeof verificationDetailsTable>;

export async function insertVerificationDetail(
  tx: Queryable,
  row: VerificationDetailRow,
): Promise<VerificationDetailRow> {
  const { rows } = await tx.query<VerificationDetailRow>(
    `INSERT INTO verification_details (id, organisation_id, creditor_id, name, company_number, description,
       address_line1, address_line2, address_line3, city, region, postal_code, country_code, directors, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     RETURNING *`,
    [
      row.id,
      row.organisation_id,
      row.creditor_id,
      row.name,
      row.company_number,
      row.description,
      row.address_line1,
      row.address_line2,
      row.address_line3,
      row.city,
      row.region,
      row.postal_code,
      row.country_code,
      JSON.stringify(row.directors),
      row.created_at,
    ],
  );
  return rows[0]!;
}

export async function listVerificationDetails(
  db: Queryable,
  organisationId: string,
  creditorId: string,
  page: PageRequest,
): Promise<Page<VerificationDetailRow>> {
  const params = new Params();
  const where = [`organisation_id = ${params.add(organisationId)}`, `creditor_id = ${params.add(creditorId)}`];
  return pageQuery<VerificationDetailRow>(db, { from: verificationDetailsTable.name, where, params }, page);
}
