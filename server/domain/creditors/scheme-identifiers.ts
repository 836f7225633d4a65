import { createHash } from 'node:crypto';
import { SCHEMES, CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';

/**
 * A creditor collects under one identifier per scheme (Bacs Service User Number, SEPA Creditor
 * Identifier, Bankgiro number, …): mandate pages must show it (schemes.md § 4). Onboarding with the
 * schemes is outside this service, so identifiers are derived from the creditor id: stable,
 * distinct per creditor, and of the right shape (the SEPA one with valid check digits, § 2.2).
 */
export interface SchemeIdentifier {
  id: string;
  scheme: Scheme | 'sepa';
  name: string;
  reference: string;
  currency: string;
  country_code: string;
  minimum_advance_notice: number;
  can_specify_mandate_reference: boolean;
  status: 'active';
  created_at: string;
}

function digits(seed: string, n: number): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  let out = '';
  for (let i = 0; out.length < n; i++) out += (parseInt(hex.slice(i * 2, i * 2 + 2), 16) % 10).toString();
  return out;
}

const lettersToDigits = (s: string) => [...s].map((c) => (/[A-Z]/.test(c) ? String(c.charCodeAt(0) - 55) : c)).join('');

function mod97(numeric: string): number {
  let remainder = 0;
  for (const ch of numeric) remainder = (remainder * 10 + Number(ch)) % 97;
  return remainder;
}

/** `CC` + check digits + `ZZZ` + national id, check digits per EPC262-08 (schemes.md § 2.2). */
export function sepaCreditorIdentifier(country: string, nationalId: string): string {
  const check = 98 - mod97(lettersToDigits(`${nationalId}${country}00`));
  return `${country}${String(check).padStart(2, '0')}ZZZ${nationalId}`;
}

const REFERENCE_SHAPES: Record<Scheme, (seed: string, country: string) => string> = {
  bacs: (s) => digits(s, 6), // Service User Number
  faster_payments: (s) => digits(s, 6),
  sepa_core: (s, country) => sepaCreditorIdentifier(country === 'GB' ? 'GB' : country, `SDD${digits(s, 11)}`),
  ach: (s) => `1${digits(s, 9)}`, // company identification
  pad: (s) => digits(s, 10),
  autogiro: (s) => `${digits(s, 3)}-${digits(s + 'b', 4)}`, // Bankgiro number
  betalingsservice: (s) => digits(s, 8), // PBS number
  becs: (s) => digits(s, 6), // Direct Entry User ID
  pay_to: (s) => digits(s, 6),
  becs_nz: (s) => digits(s, 7), // authorisation code
};

export function schemeIdentifiersFor(creditor: {
  id: string;
  name: string;
  country_code: string;
  created_at: Date;
}): SchemeIdentifier[] {
  return SCHEMES.map((scheme) => ({
    id: `SU${creditor.id.slice(2)}${SCHEMES.indexOf(scheme)}`,
    scheme: scheme === 'sepa_core' ? 'sepa' : scheme,
    name: creditor.name,
    reference: REFERENCE_SHAPES[scheme](`${creditor.id}:${scheme}`, creditor.country_code),
    currency: CURRENCY_OF_SCHEME[scheme],
    country_code: creditor.country_code,
    minimum_advance_notice: scheme === 'bacs' ? 3 : scheme === 'sepa_core' ? 2 : 1,
    can_specify_mandate_reference: false,
    status: 'active',
    created_at: creditor.created_at.toISOString(),
  }));
}

export function schemeIdentifierFor(
  creditor: Parameters<typeof schemeIdentifiersFor>[0],
  scheme: Scheme,
): SchemeIdentifier {
  return schemeIdentifiersFor(creditor).find((s) => s.scheme === (scheme === 'sepa_core' ? 'sepa' : scheme))!;
}
