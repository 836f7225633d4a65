import { electronicFormatIBAN, extractIBAN, isValidIBAN } from 'ibantools';
import { failed, issue, passed } from './checks';
import { SEPA_EUR_COUNTRIES } from './countries';
import { isKnownSortCode, passesUkModulusCheck } from './local/gb';
import { isValidSwedishClearingAndAccount } from './local/se';
import { swedishLocalParts } from './sweden';
import type { AccountIdentity, Checked } from './types';

/** Spaces, hyphens, dots and slashes are how people group IBANs; ibantools strips only the first two. */
export const electronicIban = (typed: string): string => electronicFormatIBAN(typed.replace(/[\s.\-/]/g, '')) ?? '';

/** GB BBAN: 4 bank letters + 6-digit sort code + 8-digit account (schemes.md § 1 bacs). */
function ukAccountOf(iban: string, bban: string): Checked<AccountIdentity> {
  const account = { sortCode: bban.slice(4, 10), accountNumber: bban.slice(10) };
  // Bacs requires a listed sort code and the modulus check whichever way the account was given.
  if (!isKnownSortCode(account.sortCode)) return failed(issue('iban', 'sort_code_not_found'));
  if (!passesUkModulusCheck(account)) return failed(issue('iban', 'modulus_check_failed'));
  return passed({ countryCode: 'GB', iban, branchCode: account.sortCode, accountNumber: account.accountNumber });
}

/** DK BBAN: registration number 4 + account 10 (schemes.md § 1 betalingsservice). */
const danishAccountOf = (iban: string, bban: string): Checked<AccountIdentity> =>
  passed({ countryCode: 'DK', iban, bankCode: bban.slice(0, 4), accountNumber: bban.slice(4) });

/**
 * SE BBAN: 3-digit bank code + 17-digit account field. Where the clearing number can be
 * recovered it must pass the same check as local details; where the bank leaves it out, the
 * IBAN's own checksum is all there is to check and the IBAN stays the account's identity.
 */
function swedishAccountOf(iban: string, bban: string): Checked<AccountIdentity> {
  const { clearing, account } = swedishLocalParts(bban);
  if (clearing && !isValidSwedishClearingAndAccount(clearing, account)) return failed(issue('iban', 'invalid_iban'));
  return passed({ countryCode: 'SE', iban, branchCode: clearing, accountNumber: account });
}

/** SEPA: the bank and branch identifiers ibantools knows, and the rest of the BBAN as the account. */
function sepaAccountOf(iban: string, countryCode: string, bban: string): Checked<AccountIdentity> {
  const { bankIdentifier, branchIdentifier } = extractIBAN(iban);
  const leading = (bankIdentifier ?? '') + (branchIdentifier ?? '');
  const accountNumber =
    leading && bban.startsWith(leading) && bban.length > leading.length ? bban.slice(leading.length) : bban;
  return passed({ countryCode, iban, bankCode: bankIdentifier, branchCode: branchIdentifier, accountNumber });
}

/**
 * Checks an IBAN (checksum, country length and BBAN format via ibantools, schemes.md § 2.1) and
 * splits it into the parts of the one country currency it can be debited in.
 */
export function validateIban(typed: string): Checked<AccountIdentity> {
  const iban = electronicIban(typed);
  if (!isValidIBAN(iban)) return failed(issue('iban', 'invalid_iban'));
  const countryCode = iban.slice(0, 2);
  const bban = iban.slice(4);
  if (countryCode === 'GB') return ukAccountOf(iban, bban);
  if (countryCode === 'DK') return danishAccountOf(iban, bban);
  if (countryCode === 'SE') return swedishAccountOf(iban, bban);
  if ((SEPA_EUR_COUNTRIES as readonly string[]).includes(countryCode)) return sepaAccountOf(iban, countryCode, bban);
  return failed(issue('iban', 'iban_unsupported_country'));
}
