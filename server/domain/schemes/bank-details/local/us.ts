import type { FieldIssue } from '../../../shared/errors';
import { failed, isDigits, issue, passed, stripSeparators } from '../checks';
import type { AccountIdentity, Checked, CleanInput } from '../types';

const ROUTING_WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/**
 * Federal Reserve routing symbols start 00–12 (government, banks), 21–32 (thrifts), 61–72
 * (electronic) or 80 (traveller's cheques) (schemes.md § 2.3).
 */
function hasKnownRoutingPrefix(routingNumber: string): boolean {
  const prefix = Number(routingNumber.slice(0, 2));
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** ABA routing number: 9 digits whose 3-7-1 weighted sum is a multiple of 10 (schemes.md § 2.3). */
export function isValidAbaRoutingNumber(routingNumber: string): boolean {
  if (!isDigits(routingNumber, 9)) return false;
  const total = [...routingNumber].reduce(
    (sum, digit, index) => sum + Number(digit) * (ROUTING_WEIGHTS[index] ?? 0),
    0,
  );
  return total % 10 === 0 && hasKnownRoutingPrefix(routingNumber);
}

const ACCOUNT_TYPES = ['checking', 'savings'];

/**
 * Routing number in `bank_code`, 4–17 digit account number (Nacha's field is 17 wide; ibandit's
 * lower bound of 4), and `account_type`, which ACH needs (schemes.md § 1 ach).
 */
export function validateUsDetails(input: CleanInput, countryCode: string): Checked<AccountIdentity> {
  const routingNumber = input.bankCode ? stripSeparators(input.bankCode) : '';
  const accountNumber = input.accountNumber ? stripSeparators(input.accountNumber) : '';
  const issues: FieldIssue[] = [];
  if (!routingNumber) issues.push(issue('bank_code', 'required'));
  else if (!isValidAbaRoutingNumber(routingNumber)) issues.push(issue('bank_code', 'invalid_routing_number'));
  if (!accountNumber) issues.push(issue('account_number', 'required'));
  else if (!isDigits(accountNumber, 4, 17)) issues.push(issue('account_number', 'invalid_account_number'));
  if (!input.accountType) issues.push(issue('account_type', 'account_type_required'));
  else if (!ACCOUNT_TYPES.includes(input.accountType)) {
    issues.push({ field: 'account_type', code: 'invalid_choice', params: { values: ACCOUNT_TYPES.join(', ') } });
  }
  if (issues.length) return failed(...issues);
  return passed({ countryCode, bankCode: routingNumber, accountNumber });
}
