import { z } from 'zod';
import type { BankAccountRow } from '../../domain/bank-accounts/types';
import { PAYER_NAME_VERIFICATION_RESULTS } from '../../domain/bank-details-lookups/service';
import { linkWire, metadataWire, timestamp } from './present';

/**
 * A customer bank account on the wire: only the ending of the account number is ever shown. Every
 * attribute is sent, `null` when unset (docs/api-fidelity.md): no account here is made from a
 * `bank_account_token` or has its payer's name verified, and none is a trusted recipient.
 */
export const bankAccountWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  account_holder_name: z.string(),
  account_number_ending: z.string(),
  account_type: z.enum(['savings', 'checking']).nullable(),
  bank_account_token: z.string().nullable(),
  bank_name: z.string().nullable(),
  country_code: z.string(),
  currency: z.string(),
  enabled: z.boolean(),
  payer_name_verification_result: z.enum(PAYER_NAME_VERIFICATION_RESULTS).nullable(),
  trusted_recipient: z.boolean(),
  metadata: metadataWire,
  links: z.strictObject({ customer: linkWire }),
});

/** The account inside a billing request's `resources`: the real API's has no `trusted_recipient`. */
export const embeddedBankAccountWire = bankAccountWire.omit({ trusted_recipient: true });

export function serializeBankAccount(row: BankAccountRow): z.output<typeof bankAccountWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    account_holder_name: row.account_holder_name,
    account_number_ending: row.account_number_ending,
    account_type: row.account_type,
    bank_account_token: null,
    bank_name: row.bank_name,
    country_code: row.country_code,
    currency: row.currency,
    enabled: row.enabled,
    payer_name_verification_result: null,
    trusted_recipient: false,
    metadata: row.metadata ?? {},
    links: { customer: row.customer_id },
  };
}

export function serializeEmbeddedBankAccount(row: BankAccountRow): z.output<typeof embeddedBankAccountWire> {
  const { trusted_recipient: _omitted, ...account } = serializeBankAccount(row);
  return account;
}
