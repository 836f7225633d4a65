import type { Queryable } from '../../db/db';
import { defineTable } from '../shared/table';

/** The only file that names the `customers` table in SQL. */
export const customersTable = defineTable('customers', [
  'id',
  'organisation_id',
  'email',
  'given_name',
  'family_name',
  'company_name',
  'language',
  'phone_number',
  'address_line1',
  'address_line2',
  'address_line3',
  'city',
  'region',
  'postal_code',
  'country_code',
  'swedish_identity_number',
  'danish_identity_number',
  'metadata',
  'created_at',
  'updated_at',
  'removed_at',
]);

/** A customer of the organisation that has not been removed, with its email (blocks by reference). */
export async function findLiveCustomerEmail(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<{ id: string; email: string | null } | undefined> {
  const { rows } = await db.query<{ id: string; email: string | null }>(
    'SELECT id, email FROM customers WHERE id = $1 AND organisation_id = $2 AND removed_at IS NULL',
    [id, organisationId],
  );
  return rows[0];
}

/** A customer's email, removed or not (a removed customer's is already erased). */
export async function findCustomerEmail(db: Queryable, organisationId: string, id: string): Promise<string | null> {
  const { rows } = await db.query<{ email: string | null }>(
    'SELECT email FROM customers WHERE id = $1 AND organisation_id = $2',
    [id, organisationId],
  );
  return rows[0]?.email ?? null;
}
