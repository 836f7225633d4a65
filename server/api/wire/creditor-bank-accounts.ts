import { z } from 'zod';
import type { CreditorBankAccountRow } from '../../domain/creditor-bank-accounts/types';
import { linkWire, metadataWire, timestamp } from './present';

/** A creditor bank account on the wire (the public API's fields): only the number's ending is shown. */
export const creditorBankAccountWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  account_holder_name: z.string(),
  account_number_ending: z.string(),
  account_type: z.enum(['savings', 'checking']).nullable(),
  bank_name: z.string().nullable(),
  country_code: z.string(),
  currency: z.string(),
  enabled: z.boolean(),
  verification_status: z.enum(['pending', 'in_review', 'successful', 'could_not_verify']),
  metadata: metadataWire,
  links: z.strictObject({ creditor: linkWire }),
});

export function serializeCreditorBankAccount(row: CreditorBankAccountRow): z.output<typeof creditorBankAccountWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    account_holder_name: row.account_holder_name,
    account_number_ending: row.account_number_ending,
    account_type: row.account_type,
    bank_name: row.bank_name,
    country_code: row.country_code,
    currency: row.currency,
    enabled: row.enabled,
    verification_status: row.verification_status,
    metadata: row.metadata ?? {},
    links: { creditor: row.creditor_id },
  };
}
