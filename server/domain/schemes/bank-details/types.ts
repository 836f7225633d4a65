import type { FieldIssue } from '../../shared/errors';
import type { Currency } from '../../shared/money';
import type { Scheme } from '../types';

export type AccountType = 'checking' | 'savings';

/** What a payer or merchant submits for a bank account; field names are the request's parameters. */
export interface BankDetailsInput {
  account_holder_name?: string | null;
  account_number?: string | null;
  account_number_suffix?: string | null;
  account_type?: AccountType | null;
  bank_code?: string | null;
  branch_code?: string | null;
  country_code?: string | null;
  currency?: string | null;
  iban?: string | null;
}

export interface NormalisedBankAccount {
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string;
  currency: Currency;
  /** Electronic format (upper case, no spaces); present when given or derivable from local details. */
  iban?: string;
  bankCode?: string;
  branchCode?: string;
  accountNumber: string;
  accountNumberSuffix?: string;
  accountType?: AccountType;
  /** What API responses show: the last 4 characters for NZD, the last 2 otherwise. */
  accountNumberEnding: string;
  /** sha256 hex of the account's canonical identity: the same account in IBAN or local form matches. */
  fingerprint: string;
  bankName: string | null;
  bic: string | null;
  /** Debit schemes that reach this account. */
  schemes: Scheme[];
}

export type BankDetailsResult = { ok: true; account: NormalisedBankAccount } | { ok: false; issues: FieldIssue[] };

/** The account a country's rules make of the details, before currency, directory and fingerprint. */
export interface AccountIdentity {
  countryCode: string;
  iban?: string;
  bankCode?: string;
  branchCode?: string;
  accountNumber: string;
  accountNumberSuffix?: string;
}

/** A step that either yields a value or the problems that stop it. */
export type Checked<T> = { ok: true; value: T } | { ok: false; issues: FieldIssue[] };

/** The submitted strings trimmed, with blank ones treated as absent. */
export interface CleanInput {
  accountNumber?: string;
  accountNumberSuffix?: string;
  accountType?: string;
  bankCode?: string;
  branchCode?: string;
  countryCode?: string;
  currency?: string;
  iban?: string;
}
