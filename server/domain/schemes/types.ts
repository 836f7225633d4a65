import type { Currency } from '../shared/money';

/** The debit schemes of the spec. */
export const SCHEMES = [
  'ach',
  'autogiro',
  'bacs',
  'becs',
  'becs_nz',
  'betalingsservice',
  'faster_payments',
  'pad',
  'pay_to',
  'sepa_core',
] as const;
export type Scheme = (typeof SCHEMES)[number];

/**
 * The scheme a bank account in a currency is debited through by default. Instant schemes
 * (faster_payments, pay_to) are only chosen when a request asks for them.
 */
export const DEFAULT_SCHEME_FOR_CURRENCY: Record<Currency, Scheme> = {
  AUD: 'becs',
  CAD: 'pad',
  DKK: 'betalingsservice',
  EUR: 'sepa_core',
  GBP: 'bacs',
  NZD: 'becs_nz',
  SEK: 'autogiro',
  USD: 'ach',
};

export const CURRENCY_OF_SCHEME: Record<Scheme, Currency> = {
  ach: 'USD',
  autogiro: 'SEK',
  bacs: 'GBP',
  becs: 'AUD',
  becs_nz: 'NZD',
  betalingsservice: 'DKK',
  faster_payments: 'GBP',
  pad: 'CAD',
  pay_to: 'AUD',
  sepa_core: 'EUR',
};
