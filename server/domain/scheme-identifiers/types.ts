import type { Scheme } from '../schemes/types';

/** Public API `SchemeIdentifierScheme`: the debit schemes (SEPA Core as `sepa`) and SEPA's credit transfers. */
export const SCHEME_IDENTIFIER_SCHEMES = [
  'ach',
  'autogiro',
  'bacs',
  'becs',
  'becs_nz',
  'betalingsservice',
  'faster_payments',
  'pad',
  'pay_to',
  'sepa',
  'sepa_credit_transfer',
  'sepa_instant_credit_transfer',
] as const;
export type SchemeIdentifierScheme = (typeof SCHEME_IDENTIFIER_SCHEMES)[number];

export const SCHEME_IDENTIFIER_STATUSES = ['pending', 'active'] as const;
export type SchemeIdentifierStatus = (typeof SCHEME_IDENTIFIER_STATUSES)[number];

/** The debit scheme whose identifier shape (and currency) an identifier scheme shares. */
export const DEBIT_SCHEME_OF: Record<SchemeIdentifierScheme, Scheme> = {
  ach: 'ach',
  autogiro: 'autogiro',
  bacs: 'bacs',
  becs: 'becs',
  becs_nz: 'becs_nz',
  betalingsservice: 'betalingsservice',
  faster_payments: 'faster_payments',
  pad: 'pad',
  pay_to: 'pay_to',
  sepa: 'sepa_core',
  sepa_credit_transfer: 'sepa_core',
  sepa_instant_credit_transfer: 'sepa_core',
};

/** The identifier scheme a mandate of a debit scheme collects under. */
export const identifierSchemeOf = (scheme: Scheme): SchemeIdentifierScheme =>
  scheme === 'sepa_core' ? 'sepa' : scheme;

export interface SchemeIdentifierRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  scheme: SchemeIdentifierScheme;
  name: string;
  reference: string;
  currency: string;
  country_code: string;
  minimum_advance_notice: number;
  can_specify_mandate_reference: boolean;
  address_line1: string | null;
  address_line2: string | null;
  address_line3: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  email: string | null;
  phone_number: string | null;
  status: SchemeIdentifierStatus;
  activated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
