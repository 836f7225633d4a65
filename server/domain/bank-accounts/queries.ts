import type { Queryable } from '../../db/db';
import { defineTable } from '../shared/table';

/** The only file that names the `customer_bank_accounts` table in SQL. */
export const bankAccountsTable = defineTable(
  'customer_bank_accounts',
  [
    'id',
    'organisation_id',
    'customer_id',
    'account_holder_name',
    'account_number_ending',
    'account_type',
    'bank_name',
    'bic',
    'bank_code',
    'branch_code',
    'country_code',
    'currency',
    'fingerprint',
    'enabled',
    'metadata',
    'created_at',
    'updated_at',
  ],
  'customer_bank_accounts',
);

export interface AccountIdentity {
  id: string;
  fingerprint: string;
  bank_name: string | null;
}

/** What a block matches a bank account on: its fingerprint and its bank's name. */
export async function findAccountIdentity(
  db: Queryable,
  organisationId: string,
  id: string,
): Promise<AccountIdentity | undefined> {
  const { rows } = await db.query<AccountIdentity>(
    'SELECT id, fingerprint, bank_name FROM customer_bank_accounts WHERE id = $1 AND organisation_id = $2',
    [id, organisationId],
  );
  return rows[0];
}

/** Every bank account of a customer, oldest first, by what blocks match on. */
export async function listAccountIdentitiesOfCustomer(
  db: Queryable,
  organisationId: string,
  customerId: string,
): Promise<AccountIdentity[]> {
  const { rows } = await db.query<AccountIdentity>(
    'SELECT id, fingerprint, bank_name FROM customer_bank_accounts WHERE customer_id = $1 AND organisation_id = $2 ORDER BY id',
    [customerId, organisationId],
  );
  return rows;
}
