import type { RowOf } from '../shared/table';
import type { Scheme } from '../schemes/types';
import type { schemeIdentifiersTable } from './queries';

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

/** A row of `scheme_identifiers` as stored: its table's declaration. */
export type SchemeIdentifierRow = RowOf<typeof schemeIdentifiersTable>;
