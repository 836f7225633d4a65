import type { Queryable } from '../../db/db';
import type { BankAccountRow } from '../bank-accounts/types';
import type { CustomerRow } from '../customers/types';

/**
 * The first active block of the organisation that matches a would-be mandate: the customer's email,
 * its domain, the bank account (by fingerprint, so the same account under another customer
 * matches too) or the bank's name. One indexed query.
 */
export async function findMatchingBlock(
  db: Queryable,
  organisationId: string,
  customer: Pick<CustomerRow, 'email'>,
  bankAccount: Pick<BankAccountRow, 'fingerprint' | 'bank_name'>,
): Promise<{ id: string; block_type: string } | undefined> {
  const email = customer.email?.trim().toLowerCase() ?? null;
  const domain = email?.split('@')[1] ?? null;
  const bankName = bankAccount.bank_name?.trim().toLowerCase() ?? null;
  const { rows } = await db.query<{ id: string; block_type: string }>(
    `SELECT id, block_type FROM blocks
     WHERE organisation_id = $1 AND active AND (
       (block_type = 'email' AND match_value = $2) OR
       (block_type = 'email_domain' AND match_value = $3) OR
       (block_type = 'bank_account' AND match_value = $4) OR
       (block_type = 'bank_name' AND match_value = $5))
     ORDER BY id LIMIT 1`,
    [organisationId, email, domain, bankAccount.fingerprint, bankName],
  );
  return rows[0];
}
