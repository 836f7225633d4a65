import type { FieldIssue } from '../../shared/errors';
import { CURRENCIES, type Currency } from '../../shared/money';
import { cleanInput, failed, issue, lastCharacters, passed } from './checks';
import { currencyOfCountry, ibanCountryOf, SCHEMES_FOR_CURRENCY } from './countries';
import { lookUpBank } from './directory';
import { fingerprintOf } from './fingerprint';
import { validateIban } from './iban';
import { LOCAL_DETAILS_VALIDATORS } from './local';
import type {
  AccountIdentity,
  BankDetailsInput,
  BankDetailsResult,
  Checked,
  CleanInput,
  NormalisedBankAccount,
} from './types';

export type { BankDetailsInput, BankDetailsResult, NormalisedBankAccount } from './types';

const COUNTRY_CODE = /^[A-Z]{2}$/;

function identifyByIban(input: CleanInput & { iban: string }): Checked<AccountIdentity> {
  const result = validateIban(input.iban);
  const given = input.countryCode;
  if (!result.ok || !given) return result;
  if (!COUNTRY_CODE.test(given)) return failed(issue('country_code', 'invalid_country_code'));
  // A territory (e.g. RE, JE) banks with its parent's IBAN; keep the more precise country given.
  if (ibanCountryOf(given) !== result.value.countryCode) return failed(issue('country_code', 'invalid'));
  return passed({ ...result.value, countryCode: given });
}

function identifyByLocalDetails(input: CleanInput): Checked<AccountIdentity> {
  const countryCode = input.countryCode;
  if (!countryCode) return failed(issue('country_code', 'required'));
  if (!COUNTRY_CODE.test(countryCode)) return failed(issue('country_code', 'invalid_country_code'));
  const currency = currencyOfCountry(countryCode);
  if (!currency) return failed(issue('country_code', 'unsupported_country'));
  // Euro accounts are identified by IBAN; local details are not converted here.
  if (currency === 'EUR') return failed(issue('iban', 'required'));
  return LOCAL_DETAILS_VALIDATORS[currency](input, countryCode);
}

function identify(input: CleanInput): Checked<AccountIdentity> {
  const hasLocalDetails = Boolean(input.accountNumber || input.bankCode || input.branchCode);
  if (input.iban && hasLocalDetails) return failed(issue('iban', 'iban_or_local_details'));
  return input.iban ? identifyByIban({ ...input, iban: input.iban }) : identifyByLocalDetails(input);
}

const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/** Currency and account type are checked against the account's country once that is known. */
function currencyAndTypeIssues(input: CleanInput, countryCurrency: Currency | undefined): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (input.currency && !isCurrency(input.currency)) issues.push(issue('currency', 'invalid_currency'));
  else if (input.currency && countryCurrency && input.currency !== countryCurrency)
    issues.push(issue('currency', 'currency_country_mismatch'));
  // ACH alone needs the account type (schemes.md § 1 ach: required for USD, forbidden otherwise).
  if (input.accountType && countryCurrency && countryCurrency !== 'USD')
    issues.push(issue('account_type', 'account_type_not_allowed'));
  return issues;
}

function assemble(
  identity: AccountIdentity,
  currency: Currency,
  accountType: string | undefined,
): NormalisedBankAccount {
  const { bankName, bic } = lookUpBank(identity);
  const account: NormalisedBankAccount = {
    countryCode: identity.countryCode,
    currency,
    accountNumber: identity.accountNumber,
    // GC shows 4 trailing digits for NZD accounts and 2 elsewhere.
    accountNumberEnding: lastCharacters(identity.accountNumber, currency === 'NZD' ? 4 : 2),
    fingerprint: fingerprintOf(identity),
    bankName,
    bic,
    schemes: [...SCHEMES_FOR_CURRENCY[currency]],
  };
  if (identity.iban) account.iban = identity.iban;
  if (identity.bankCode) account.bankCode = identity.bankCode;
  if (identity.branchCode) account.branchCode = identity.branchCode;
  if (identity.accountNumberSuffix) account.accountNumberSuffix = identity.accountNumberSuffix;
  if (accountType === 'checking' || accountType === 'savings') account.accountType = accountType;
  return account;
}

/** Turns submitted bank details into a validated, normalised account, or every problem found. */
export function validateBankDetails(input: BankDetailsInput): BankDetailsResult {
  const clean = cleanInput(input);
  const identity = identify(clean);
  const knownCountry = identity.ok ? identity.value.countryCode : clean.iban ? undefined : clean.countryCode;
  const countryCurrency = knownCountry ? currencyOfCountry(knownCountry) : undefined;
  const issues = [...(identity.ok ? [] : identity.issues), ...currencyAndTypeIssues(clean, countryCurrency)];
  if (!identity.ok || !countryCurrency || issues.length) return { ok: false, issues };
  return { ok: true, account: assemble(identity.value, countryCurrency, clean.accountType) };
}
