import { z } from 'zod';
import type { BankAccountRow } from '../../domain/bank-accounts/types';
import { linkWire, metadataWire, present, timestamp } from './present';

/** A customer bank account on the wire: only the ending of the account number is ever shown. */
export const bankAccountWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  account_holder_name: z.string(),
  account_number_ending: z.string(),
  account_type: z.enum(['savings', 'checking']).optional(),
  bank_name: z.string().optional(),
  country_code: z.string(),
  currency: z.string(),
  enabled: z.boolean(),
  metadata: metadataWire,
  links: z.strictObject({ customer: linkWire }),
});

export function serializeBankAccount(row: BankAccountRow): z.output<typeof bankAccountWire> {
  return present({
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
