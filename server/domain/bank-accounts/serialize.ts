import { compact, timestamp } from '../shared/serialize';
import type { BankAccountRow } from './types';

/** Only the ending of the account number is ever shown. */
export function serializeBankAccount(row: BankAccountRow) {
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    account_holder_name: row.account_holder_name,
    account_number_ending: row.account_number_ending,
    account_type: row.account_type,
    bank_name: row.bank_name,
    country_code: row.country_code,
    currency: row.currency,
    enabled: row.enabled,
    metadata: row.metadata ?? {},
    links: { customer: row.customer_id },
  });
}
