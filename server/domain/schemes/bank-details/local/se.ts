import Kontonummer, { parse } from 'kontonummer';
import type { FieldIssue } from '../../../shared/errors';
import { failed, isDigits, issue, luhnCheckDigit, passed, stripSeparators } from '../checks';
import { normaliseSwedishAccount, swedishClearingRange, swedishIban } from '../sweden';
import type { AccountIdentity, Checked, CleanInput } from '../types';

const SWEDBANK_FIVE_DIGIT_CLEARING = /^8\d{4}$/;

function isKnownClearingNumber(clearing: string): boolean {
  if (!(isDigits(clearing, 4) || SWEDBANK_FIVE_DIGIT_CLEARING.test(clearing))) return false;
  // Swedbank's fifth digit is a Luhn check digit over the first four (schemes.md § 1 autogiro).
  if (clearing.length === 5 && luhnCheckDigit(clearing.slice(0, 4)) !== Number(clearing[4])) return false;
  try {
    Kontonummer.getSortingCodeInfo(clearing.slice(0, 4));
    return true;
  } catch {
    return false;
  }
}

function parsesAs(mode: 'strict' | 'semi', clearing: string, account: string): boolean {
  try {
    parse(clearing, account, { mode });
    return true;
  } catch {
    return false;
  }
}

/**
 * The account check of Bankgirot's "Bankernas kontonummer" through `kontonummer` (schemes.md
 * § 2.8). Some old Swedbank 8xxx accounts carry no check digit ("warn, don't hard-fail"), so in
 * that range kontonummer's `semi` mode, which skips type-2 check digits, is the fallback.
 */
function isValidSwedishAccount(clearing: string, typedAccount: string): boolean {
  if (!isDigits(typedAccount, 2, 10)) return false;
  // Zero-filled ranges (Handelsbanken, Swedbank 8xxx, Plusgirot) are checked as the IBAN carries them.
  const account = normaliseSwedishAccount(clearing, typedAccount);
  return parsesAs('strict', clearing, account) || (clearing.startsWith('8') && parsesAs('semi', clearing, account));
}

/** Swedbank numbers written without their check digit get it, so both spellings compare equal. */
const fullClearingNumber = (clearing: string): string =>
  clearing.length === 4 && clearing.startsWith('8') ? `${clearing}${luhnCheckDigit(clearing)}` : clearing;

/** Clearing number in `branch_code`, account number in `account_number` (schemes.md § 1 autogiro). */
export function validateSwedishDetails(input: CleanInput, countryCode: string): Checked<AccountIdentity> {
  const clearing = input.branchCode ? stripSeparators(input.branchCode) : '';
  const account = input.accountNumber ? stripSeparators(input.accountNumber) : '';
  const issues: FieldIssue[] = [];
  if (!clearing) issues.push(issue('branch_code', 'required'));
  else if (!isKnownClearingNumber(clearing)) issues.push(issue('branch_code', 'invalid_clearing_number'));
  if (!account) issues.push(issue('account_number', 'required'));
  if (issues.length) return failed(...issues);
  if (!isValidSwedishAccount(clearing, account)) return failed(issue('account_number', 'invalid_account_number'));

  const branchCode = fullClearingNumber(clearing);
  const accountNumber = normaliseSwedishAccount(branchCode, account);
  return passed({ countryCode, branchCode, accountNumber, iban: swedishIban(branchCode, accountNumber) });
}

/** Re-checks clearing and account recovered from an SE IBAN with the same rules as local details. */
export const isValidSwedishClearingAndAccount = (clearing: string, account: string): boolean =>
  isKnownClearingNumber(clearing) &&
  isValidSwedishAccount(clearing, account) &&
  swedishClearingRange(clearing) !== undefined;
