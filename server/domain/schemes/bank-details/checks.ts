import type { FieldIssue } from '../../shared/errors';
import type { BankDetailsInput, Checked, CleanInput } from './types';

/** Bank details are often copied with grouping characters; none of them is significant. */
export const stripSeparators = (value: string): string => value.replace(/[\s\-.]/g, '');

export const isDigits = (value: string, min: number, max: number = min): boolean =>
  new RegExp(`^\\d{${min},${max}}$`).test(value);

export const isAllZeros = (value: string): boolean => /^0+$/.test(value);

export const issue = (field: string, code: string): FieldIssue => ({ field, code });

export const passed = <T>(value: T): Checked<T> => ({ ok: true, value });

export const failed = <T>(...issues: FieldIssue[]): Checked<T> => ({ ok: false, issues });

/** Last `count` characters; the whole string when shorter. */
export const lastCharacters = (value: string, count: number): string => value.slice(-count);

function clean(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

export function cleanInput(input: BankDetailsInput): CleanInput {
  return {
    accountNumber: clean(input.account_number),
    accountNumberSuffix: clean(input.account_number_suffix),
    accountType: clean(input.account_type),
    bankCode: clean(input.bank_code),
    branchCode: clean(input.branch_code),
    countryCode: clean(input.country_code)?.toUpperCase(),
    currency: clean(input.currency)?.toUpperCase(),
    iban: clean(input.iban),
  };
}

/** Luhn (mod 10) check digit that makes `digits` + digit pass a Luhn check. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  [...digits].reverse().forEach((character, index) => {
    const doubled = Number(character) * (index % 2 === 0 ? 2 : 1);
    sum += doubled > 9 ? doubled - 9 : doubled;
  });
  return (10 - (sum % 10)) % 10;
}
