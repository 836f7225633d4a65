import { createHash } from 'node:crypto';
import { SORT_CODE_COUNTRIES } from './countries';
import type { AccountIdentity } from './types';

/**
 * The canonical text of an account's identity. Sort-code accounts are identified by sort code +
 * account, because their IBAN's bank letters come from a directory that may not know the bank;
 * any other account with an IBAN (given, or derived from DK/SE local details) by the IBAN; the
 * rest by their normalised local parts.
 */
function canonicalIdentity(account: AccountIdentity): string {
  if (SORT_CODE_COUNTRIES.includes(account.countryCode))
    return ['sort_code', account.branchCode, account.accountNumber].join(':');
  if (account.iban) return `iban:${account.iban}`;
  const { countryCode, bankCode = '', branchCode = '', accountNumber, accountNumberSuffix = '' } = account;
  return ['local', countryCode, bankCode, branchCode, accountNumber, accountNumberSuffix].join(':');
}

/** sha256 hex, so equal accounts can be found without storing the full account number. */
export const fingerprintOf = (account: AccountIdentity): string =>
  createHash('sha256').update(canonicalIdentity(account)).digest('hex');
