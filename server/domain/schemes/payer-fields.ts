import type { Currency } from '../shared/money';
import { currencyOfCountry } from './bank-details/countries';
import { incompleteFields, type BillingSnapshot } from './customer-fields';
import { institutionCountries } from './institutions';
import type { Scheme } from './types';

/**
 * What a payer is asked for, per scheme and currency: the hosted pages' forms are built from
 * these, so the rules of what a scheme needs stay written once, here and in customer-fields.ts.
 */
export type BillingField = keyof BillingSnapshot;

/** The billing fields in the order a payer fills them in. */
const BILLING_ORDER: BillingField[] = [
  'address_line1',
  'city',
  'region',
  'postal_code',
  'country_code',
  'swedish_identity_number',
  'danish_identity_number',
  'ip_address',
];

/** A country outside the EEA (user-assigned ISO code): where SEPA needs the debtor's address. */
const OUTSIDE_EEA = 'ZZ';

/**
 * Every billing field a payer of this scheme may need to give, whichever country they live in:
 * what the scheme always needs and what it needs only for some countries (SEPA: the address,
 * outside the EEA). Read from `incompleteFields`, so the country rule is not written twice.
 */
export function billingFieldsAsked(scheme: Scheme): BillingField[] {
  const needed = new Set([
    ...incompleteFields(scheme, {}, {}).customer_billing_detail,
    ...incompleteFields(scheme, {}, { country_code: OUTSIDE_EEA }).customer_billing_detail,
  ]);
  return BILLING_ORDER.filter((field) => needed.has(field));
}

export type AccountDetail =
  'iban' | 'bank_code' | 'branch_code' | 'account_number' | 'account_number_suffix' | 'account_type';

/**
 * How an account in each currency is identified (schemes.md § 1): euro accounts by IBAN, the
 * others by their country's local details, in the order their banks print them.
 */
export const ACCOUNT_DETAILS: Record<Currency, { country: string | null; details: AccountDetail[] }> = {
  GBP: { country: 'GB', details: ['branch_code', 'account_number'] },
  EUR: { country: null, details: ['iban'] },
  USD: { country: 'US', details: ['bank_code', 'account_number', 'account_type'] },
  CAD: { country: 'CA', details: ['bank_code', 'branch_code', 'account_number'] },
  AUD: { country: 'AU', details: ['branch_code', 'account_number'] },
  NZD: { country: 'NZ', details: ['bank_code', 'branch_code', 'account_number', 'account_number_suffix'] },
  SEK: { country: 'SE', details: ['branch_code', 'account_number'] },
  DKK: { country: 'DK', details: ['bank_code', 'account_number'] },
};

/** The account details for a currency; an unknown one is taken as euro (IBAN), the widest. */
export const accountDetailsFor = (currency: string) => ACCOUNT_DETAILS[currency as Currency] ?? ACCOUNT_DETAILS.EUR;

/** The countries whose banks hold accounts in `currency`, among those the institution directory lists. */
export const bankCountriesFor = (currency: string): string[] =>
  institutionCountries().filter((country) => currencyOfCountry(country) === currency);

/** Countries a payer may live in: the debit schemes' countries and their neighbours. */
export const PAYER_COUNTRIES: readonly string[] = [
  'AT',
  'AU',
  'BE',
  'BG',
  'CA',
  'CH',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GB',
  'GG',
  'GI',
  'GR',
  'HR',
  'HU',
  'IE',
  'IM',
  'IS',
  'IT',
  'JE',
  'LI',
  'LT',
  'LU',
  'LV',
  'MC',
  'MT',
  'NL',
  'NO',
  'NZ',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'SM',
  'US',
];
