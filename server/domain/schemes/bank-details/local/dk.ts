import { composeIBAN } from 'ibantools';
import type { FieldIssue } from '../../../shared/errors';
import { failed, isAllZeros, isDigits, issue, passed, stripSeparators } from '../checks';
import type { AccountIdentity, Checked, CleanInput } from '../types';

/**
 * Registration number in `bank_code` (1–4 digits, left-padded to 4: `345` → `0345`) and account
 * number of up to 10 digits, left-padded to 10 (schemes.md § 1 betalingsservice). Danish accounts
 * have no universal check digit (§ 2.10), so only the format is checked; the IBAN is derived so
 * that local details and the IBAN of one account share a fingerprint.
 */
export function validateDanishDetails(input: CleanInput, countryCode: string): Checked<AccountIdentity> {
  const registration = input.bankCode ? stripSeparators(input.bankCode) : '';
  const account = input.accountNumber ? stripSeparators(input.accountNumber) : '';
  const issues: FieldIssue[] = [];
  if (!registration) issues.push(issue('bank_code', 'required'));
  else if (!isDigits(registration, 1, 4) || isAllZeros(registration))
    issues.push(issue('bank_code', 'invalid_registration_number'));
  if (!account) issues.push(issue('account_number', 'required'));
  else if (!isDigits(account, 1, 10) || isAllZeros(account))
    issues.push(issue('account_number', 'invalid_account_number'));
  if (issues.length) return failed(...issues);

  const bankCode = registration.padStart(4, '0');
  const accountNumber = account.padStart(10, '0');
  const iban = composeIBAN({ countryCode: 'DK', bban: bankCode + accountNumber }) ?? undefined;
  return passed({ countryCode, bankCode, accountNumber, iban });
}
