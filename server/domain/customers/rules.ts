import { isIP } from 'node:net';
import Personnummer from 'personnummer';
import { isEmailAddress } from '../shared/email';
import type { FieldIssue } from '../shared/errors';
import { CUSTOMER_LANGUAGES, type BillingDetailInput, type CustomerInput } from './types';

/** US states, DC and territories: ACH customers need a 2-letter `region` (spec). */
export const US_STATES = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI'.split(
    ' ',
  ),
);

// ITU E.123 international form: +, country code, then digits with optional spaces.
const PHONE = /^\+[1-9][0-9 ]{6,19}$/;
const COUNTRY = /^[A-Z]{2}$/;

/** Swedish personnummer, samordningsnummer or organisationsnummer (schemes.md § 2.9). */
export function validSwedishIdentityNumber(value: string): boolean {
  const digits = value.replace(/[-+\s]/g, '');
  if (Personnummer.valid(value)) return true;
  // Organisation numbers: 10 digits, 3rd digit ≥ 2, Luhn.
  if (!/^\d{10}$/.test(digits) || Number(digits[2]) < 2) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Danish CPR (10 digits, a real date; the mod-11 check is deliberately not enforced since 2007,
 * schemes.md § 2.10) or CVR (8 digits, first not 0, weights 2,7,6,5,4,3,2,1, mod 11).
 */
export function validDanishIdentityNumber(value: string): boolean {
  const digits = value.replace(/[-\s]/g, '');
  if (/^\d{10}$/.test(digits)) {
    const day = Number(digits.slice(0, 2));
    const month = Number(digits.slice(2, 4));
    const year = 2000 + Number(digits.slice(4, 6));
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }
  if (/^[1-9]\d{7}$/.test(digits)) {
    const weights = [2, 7, 6, 5, 4, 3, 2, 1];
    return weights.reduce((s, w, i) => s + w * Number(digits[i]), 0) % 11 === 0;
  }
  return false;
}

/** Format checks on what was given (not on what is missing: that depends on the scheme). */
export function checkCustomerFormats(customer: CustomerInput, prefix = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (field: string) => `${prefix}${field}`;
  if (customer.email && !isEmailAddress(customer.email)) issues.push({ field: at('email'), code: 'invalid_email' });
  if (customer.phone_number && !PHONE.test(customer.phone_number))
    issues.push({ field: at('phone_number'), code: 'invalid_format' });
  if (customer.language && !(CUSTOMER_LANGUAGES as readonly string[]).includes(customer.language)) {
    issues.push({ field: at('language'), code: 'invalid_choice', params: { values: CUSTOMER_LANGUAGES.join(', ') } });
  }
  issues.push(...checkAddressFormats(customer, prefix));
  return issues;
}

export function checkAddressFormats(detail: BillingDetailInput | CustomerInput, prefix = ''): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const at = (field: string) => `${prefix}${field}`;
  if (detail.country_code && !COUNTRY.test(detail.country_code))
    issues.push({ field: at('country_code'), code: 'invalid_country_code' });
  if (detail.country_code === 'US' && detail.region && !US_STATES.has(detail.region.toUpperCase())) {
    issues.push({ field: at('region'), code: 'invalid_us_state' });
  }
  if (detail.swedish_identity_number && !validSwedishIdentityNumber(detail.swedish_identity_number)) {
    issues.push({ field: at('swedish_identity_number'), code: 'invalid_swedish_identity_number' });
  }
  if (detail.danish_identity_number && !validDanishIdentityNumber(detail.danish_identity_number)) {
    issues.push({ field: at('danish_identity_number'), code: 'invalid_danish_identity_number' });
  }
  if ('ip_address' in detail && detail.ip_address && isIP(detail.ip_address) === 0) {
    issues.push({ field: at('ip_address'), code: 'invalid_format' });
  }
  return issues;
}

/** Upper-cases codes and trims text, and turns empty strings into "not given". */
export function normaliseCustomerInput<T extends Record<string, unknown>>(input: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (typeof value !== 'string') {
      out[key] = value;
      continue;
    }
    const trimmed = value.trim();
    if (trimmed === '') out[key] = null;
    else if (key === 'country_code') out[key] = trimmed.toUpperCase();
    else if (
      key === 'region' &&
      String(input.country_code ?? '')
        .trim()
        .toUpperCase() === 'US'
    )
      out[key] = trimmed.toUpperCase();
    else out[key] = trimmed;
  }
  return out as T;
}
