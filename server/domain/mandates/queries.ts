import type { Queryable } from '../../db/db';
import { defineTable } from '../shared/table';

/** The only file that names the `mandates` table in SQL. */
export const mandatesTable = defineTable('mandates', [
  'id',
  'organisation_id',
  'creditor_id',
  'customer_id',
  'customer_bank_account_id',
  'scheme',
  'status',
  'reference',
  'metadata',
  'authorisation_source',
  'consent_type',
  'consent_parameters',
  'funds_settlement',
  'mandate_type',
  'payer_ip_address',
  'verified_at',
  'reinstate_count',
  'new_mandate_id',
  'created_at',
  'updated_at',
]);

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
