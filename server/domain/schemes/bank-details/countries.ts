import type { Currency } from '../../shared/money';
import type { Scheme } from '../types';

/** The countries GC debits in EUR through SEPA Core (schemes.md § 1 sepa_core). */
export const SEPA_EUR_COUNTRIES = [
  'AT',
  'BE',
  'CY',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'MC',
  'NL',
  'PT',
  'SM',
  'SK',
  'SI',
  'ES',
] as const;

/**
 * Territories that bank with another country's IBAN: Åland uses FI, the French overseas
 * departments and collectivities use FR (schemes.md § 1 sepa_core, § 2.1), and the Crown
 * dependencies use GB sort codes and GB IBANs (schemes.md § 1 bacs).
 */
export const IBAN_COUNTRY_OF_TERRITORY: Readonly<Record<string, string>> = {
  AX: 'FI',
  GF: 'FR',
  GP: 'FR',
  MQ: 'FR',
  YT: 'FR',
  RE: 'FR',
  BL: 'FR',
  MF: 'FR',
  PM: 'FR',
  GG: 'GB',
  JE: 'GB',
  IM: 'GB',
};

/**
 * Countries whose accounts are sort code + account number. Gibraltar is reached through Bacs too
 * (schemes.md § 1 bacs) but its IBANs are GI ones, so it is accepted with local details only.
 */
export const SORT_CODE_COUNTRIES: readonly string[] = ['GB', 'GG', 'JE', 'IM', 'GI'];

const LOCAL_CURRENCY: Readonly<Record<string, Currency>> = {
  AU: 'AUD',
  CA: 'CAD',
  DK: 'DKK',
  NZ: 'NZD',
  SE: 'SEK',
  US: 'USD',
};

/** The currency an account in this country is debited in, or undefined when we cannot debit it. */
export function currencyOfCountry(countryCode: string): Currency | undefined {
  if (SORT_CODE_COUNTRIES.includes(countryCode)) return 'GBP';
  const ibanCountry = IBAN_COUNTRY_OF_TERRITORY[countryCode] ?? countryCode;
  if ((SEPA_EUR_COUNTRIES as readonly string[]).includes(ibanCountry)) return 'EUR';
  return LOCAL_CURRENCY[countryCode];
}

/** The IBAN country code an account in `countryCode` carries. */
export const ibanCountryOf = (countryCode: string): string => IBAN_COUNTRY_OF_TERRITORY[countryCode] ?? countryCode;

/**
 * Every debit scheme that reaches an account in the currency: the batch scheme first, then the
 * instant one where the country has it (Faster Payments VRP in GB, PayTo in AU).
 */
export const SCHEMES_FOR_CURRENCY: Readonly<Record<Currency, readonly Scheme[]>> = {
  AUD: ['becs', 'pay_to'],
  CAD: ['pad'],
  DKK: ['betalingsservice'],
  EUR: ['sepa_core'],
  GBP: ['bacs', 'faster_payments'],
  NZD: ['becs_nz'],
  SEK: ['autogiro'],
  USD: ['ach'],
};
