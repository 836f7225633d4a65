import type { FieldIssue } from '../../../shared/errors';
import { failed, isDigits, issue, passed } from '../checks';
import type { AccountIdentity, Checked, CleanInput } from '../types';
import { checkNzAccount } from './nz-checksum';

interface NzParts {
  bank?: string;
  branch?: string;
  base?: string;
  suffix?: string;
}

/** Left-pads a group of digits to its width; anything else is left as typed so that it fails. */
const padGroup = (group: string | undefined, width: number): string | undefined =>
  group && isDigits(group, 1, width) ? group.padStart(width, '0') : group;

/**
 * Payers often type the whole number into `account_number`, as the sandbox details do
 * (schemes.md § 5: `0003869-00`); the full form is `BB-bbbb-AAAAAAA-SSS` (§ 1 becs_nz).
 */
function partsOfAccountNumber(accountNumber: string, suffixGivenSeparately: boolean): NzParts {
  const groups = accountNumber.split(/[\s\-.]+/).filter(Boolean);
  // Grouped forms drop leading zeros inside a group (`01-902-0068389-00`, schemes.md § 2.7).
  if (groups.length === 4) {
    const [bank, branch, base, suffix] = groups;
    return { bank: padGroup(bank, 2), branch: padGroup(branch, 4), base: padGroup(base, 7), suffix };
  }
  if (groups.length === 2) return { base: padGroup(groups[0], 7), suffix: groups[1] };
  const digits = groups.join('');
  if (groups.length === 1 && (digits.length === 15 || digits.length === 16)) {
    return {
      bank: digits.slice(0, 2),
      branch: digits.slice(2, 6),
      base: digits.slice(6, 13),
      suffix: digits.slice(13),
    };
  }
  if (groups.length === 1 && !suffixGivenSeparately && (digits.length === 9 || digits.length === 10)) {
    return { base: digits.slice(0, 7), suffix: digits.slice(7) };
  }
  return { base: digits };
}

/** 2–3 digit suffixes are stored as 3; anything else is left as typed so that it fails. */
const padSuffix = (suffix: string): string => (isDigits(suffix, 2, 3) ? suffix.padStart(3, '0') : suffix);

/**
 * One part from its own field or from inside `account_number`. When both carry it and they
 * disagree, the separate field is the one reported.
 */
function pick(
  separate: string | undefined,
  embedded: string | undefined,
  field: string,
  code: string,
  issues: FieldIssue[],
) {
  if (separate && embedded && separate !== embedded) issues.push(issue(field, code));
  return separate ?? embedded;
}

/** Bank 2, branch 4, account 7 and suffix 2–3 digits, stored as 3 (schemes.md § 1 becs_nz, § 2.7). */
export function validateNewZealandDetails(input: CleanInput, countryCode: string): Checked<AccountIdentity> {
  const issues: FieldIssue[] = [];
  const embedded = input.accountNumber
    ? partsOfAccountNumber(input.accountNumber, Boolean(input.accountNumberSuffix))
    : {};
  const bank = pick(input.bankCode, embedded.bank, 'bank_code', 'invalid_bank_code', issues);
  const branch = pick(input.branchCode, embedded.branch, 'branch_code', 'invalid_branch_code', issues);
  const suffixSeparate = input.accountNumberSuffix && padSuffix(input.accountNumberSuffix);
  const suffix = pick(
    suffixSeparate,
    embedded.suffix && padSuffix(embedded.suffix),
    'account_number_suffix',
    'invalid_suffix',
    issues,
  );
  const base = embedded.base;

  if (!bank) issues.push(issue('bank_code', 'required'));
  else if (!isDigits(bank, 2)) issues.push(issue('bank_code', 'invalid_bank_code'));
  if (!branch) issues.push(issue('branch_code', 'required'));
  else if (!isDigits(branch, 4)) issues.push(issue('branch_code', 'invalid_branch_code'));
  if (!base) issues.push(issue('account_number', 'required'));
  else if (!isDigits(base, 7)) issues.push(issue('account_number', 'invalid_account_number'));
  if (!suffix) issues.push(issue('account_number_suffix', 'required'));
  else if (!isDigits(suffix, 3)) issues.push(issue('account_number_suffix', 'invalid_suffix'));
  if (issues.length || !bank || !branch || !base || !suffix) return failed(...issues);

  const check = checkNzAccount(bank, branch, base, suffix);
  if (check === 'checksum_failed') return failed(issue('account_number', 'invalid_account_number'));
  if (check === 'unknown_branch') return failed(issue('branch_code', 'invalid_branch_code'));
  return passed({ countryCode, bankCode: bank, branchCode: branch, accountNumber: base, accountNumberSuffix: suffix });
}
