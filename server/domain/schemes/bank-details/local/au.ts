import type { FieldIssue } from '../../../shared/errors';
import { failed, isAllZeros, isDigits, issue, passed, stripSeparators } from '../checks';
import type { AccountIdentity, Checked, CleanInput } from '../types';

/**
 * BSB in `branch_code` (6 digits; `082-082` is accepted) and an account number of 5–9 digits,
 * not all zeros (schemes.md § 1 becs, § 2.6). BSBs have no check digit, and whether one exists
 * can only be told from AusPayNet's directory, which the sandbox does not carry.
 */
export function validateAustralianDetails(input: CleanInput, countryCode: string): Checked<AccountIdentity> {
  const bsb = input.branchCode ? stripSeparators(input.branchCode) : '';
  const accountNumber = input.accountNumber ? stripSeparators(input.accountNumber) : '';
  const issues: FieldIssue[] = [];
  if (!bsb) issues.push(issue('branch_code', 'required'));
  else if (!isDigits(bsb, 6)) issues.push(issue('branch_code', 'invalid_bsb'));
  if (!accountNumber) issues.push(issue('account_number', 'required'));
  else if (!isDigits(accountNumber, 5, 9) || isAllZeros(accountNumber))
    issues.push(issue('account_number', 'invalid_account_number'));
  if (issues.length) return failed(...issues);
  return passed({ countryCode, branchCode: bsb, accountNumber });
}
