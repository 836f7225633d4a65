import type { BankAccountRow } from '../bank-accounts/types';
import { OUTBOUND_CURRENCY, type EntryItemInput, type EntryValidationErrors } from './types';

/** Faster Payments' per-payment ceiling: £1,000,000, in pence. */
export const MAX_OUTBOUND_AMOUNT = 100_000_000;
/** Faster Payments carries an 18-character reference (schemes.md: faster_payments). */
export const MAX_REFERENCE_LENGTH = 18;
/** The characters the UK payment schemes carry in a reference. */
export const REFERENCE = /^[A-Za-z0-9 &\-./]*$/;

/** How many entries one import may carry. */
export const MAX_ENTRY_ITEMS = 1000;

/**
 * One entry's checks: the amount within Faster Payments' limits, the recipient an enabled GBP
 * customer bank account of the organisation, the reference within the scheme's length and
 * characters. Answers the codes per field; empty when the entry is valid.
 */
export function validateEntryItem(item: EntryItemInput, recipient: BankAccountRow | undefined): EntryValidationErrors {
  const errors: EntryValidationErrors = {};
  const add = (field: keyof EntryValidationErrors, code: string) => (errors[field] ??= []).push(code);
  if (!Number.isInteger(item.amount)) add('amount', 'not_integer');
  else if (item.amount < 1) add('amount', 'too_small');
  else if (item.amount > MAX_OUTBOUND_AMOUNT) add('amount', 'amount_too_large');
  if (!recipient) add('recipient_bank_account', 'not_found');
  else {
    if (!recipient.enabled) add('recipient_bank_account', 'bank_account_disabled');
    if (recipient.currency !== OUTBOUND_CURRENCY) add('recipient_bank_account', 'bank_account_currency_mismatch');
  }
  const reference = item.reference ?? '';
  if (reference.length > MAX_REFERENCE_LENGTH) add('reference', 'too_long');
  if (!REFERENCE.test(reference)) add('reference', 'invalid_format');
  return errors;
}
