import type { FieldIssue } from '../../../shared/errors';
import { failed, isAllZeros, isDigits, issue, passed, stripSeparators } from '../checks';
import type { AccountIdentity, Checked, CleanInput } from '../types';

/**
 * Payments Canada Rule H1 details (schemes.md § 1 pad, § 2.5): institution number in `bank_code`
 * (3 digits, or 4 with a leading zero, stored as the zero-padded 4), transit number in
 * `branch_code` (5 digits, not all zeros), account number of 7–12 digits, not all zeros. Canada
 * has no check digits.
 */
export function validateCanadianDetails(input: CleanInput, countryCode: string): Checked<AccountIdentity> {
  const institution = input.bankCode ? stripSeparators(input.bankCode) : '';
  const transit = input.branchCode ? stripSeparators(input.branchCode) : '';
  const accountNumber = input.accountNumber ? stripSeparators(input.accountNumber) : '';
  const issues: FieldIssue[] = [];
  if (!institution) issues.push(issue('bank_code', 'required'));
  else if (!(isDigits(institution, 3) || /^0\d{3}$/.test(institution)))
    issues.push(issue('bank_code', 'invalid_institution_number'));
  if (!transit) issues.push(issue('branch_code', 'required'));
  else if (!isDigits(transit, 5) || isAllZeros(transit)) issues.push(issue('branch_code', 'invalid_transit_number'));
  if (!accountNumber) issues.push(issue('account_number', 'required'));
  else if (!isDigits(accountNumber, 7, 12) || isAllZeros(accountNumber))
    issues.push(issue('account_number', 'invalid_account_number'));
  if (issues.length) return failed(...issues);
  return passed({ countryCode, bankCode: institution.padStart(4, '0'), branchCode: transit, accountNumber });
}
