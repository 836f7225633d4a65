import { refuse } from './errors';

/**
 * Character sets and fixed-width fields. Text is transliterated to Latin letters first (accents
 * dropped, ß → SS, Æ → AE), then anything outside the scheme's set becomes a space (never a
 * silent shift of the other columns). Numbers are never truncated: too many digits throws.
 */

const SPECIAL: Record<string, string> = {
  ß: 'ss',
  ẞ: 'SS',
  Æ: 'AE',
  æ: 'ae',
  Ø: 'O',
  ø: 'o',
  Œ: 'OE',
  œ: 'oe',
  Đ: 'D',
  đ: 'd',
  Ł: 'L',
  ł: 'l',
  Þ: 'TH',
  þ: 'th',
  Ð: 'D',
  ð: 'd',
  ı: 'i',
  '’': "'",
  '‘': "'",
  '–': '-',
  '—': '-',
};

/** Latin letters without diacritics; other characters are kept for the charset to judge. */
export function transliterate(text: string): string {
  let out = '';
  for (const char of text.normalize('NFKD')) {
    if (/\p{M}/u.test(char)) continue;
    out += SPECIAL[char] ?? char;
  }
  return out;
}

export interface Charset {
  name: string;
  upperCase: boolean;
  allowed: RegExp;
}

/** Bacs: A–Z, 0–9, space and `. / - &` (formats.md § 1.1); lower case is upper-cased. */
export const BACS_CHARSET: Charset = { name: 'bacs', upperCase: true, allowed: /^[A-Z0-9 ./&-]$/ };
/** Nacha alphanumeric fields: printable ASCII, upper case (banks' common requirement). */
export const NACHA_CHARSET: Charset = { name: 'nacha', upperCase: true, allowed: /^[\x20-\x7e]$/ };
/** ABA (Cemtex): printable ASCII. */
export const ASCII_CHARSET: Charset = { name: 'ascii', upperCase: false, allowed: /^[\x20-\x7e]$/ };
/** CPA-005: printable ASCII in capitals (banks' specs ask for upper-case names; decision 0075). */
export const CPA_CHARSET: Charset = { name: 'cpa', upperCase: true, allowed: /^[\x20-\x7e]$/ };
/** The EPC's SEPA Latin set: `a-z A-Z 0-9 / - ? : ( ) . , ' +` and space. */
export const SEPA_CHARSET: Charset = { name: 'sepa', upperCase: false, allowed: /^[A-Za-z0-9/?:().,'+ -]$/ };

export function toCharset(text: string, charset: Charset): string {
  const latin = transliterate(text);
  const cased = charset.upperCase ? latin.toUpperCase() : latin;
  let out = '';
  for (const char of cased) out += charset.allowed.test(char) ? char : ' ';
  return out;
}

/** Left-justified, space-filled, truncated to `length`. */
export function alpha(text: string | undefined, length: number, charset: Charset): string {
  return toCharset(text ?? '', charset)
    .slice(0, length)
    .padEnd(length, ' ');
}

/** Right-justified, space-filled (ABA account numbers). */
export function alphaRight(text: string, length: number, charset: Charset): string {
  const value = toCharset(text, charset).trim();
  if (value.length > length) refuse('field_too_long', `"${value}" is longer than ${length} characters`);
  return value.padStart(length, ' ');
}

/** Right-justified, zero-filled digits; throws rather than drop a digit. */
export function numeric(value: number | bigint | string, length: number, field = 'field'): string {
  const digits = typeof value === 'string' ? value : value.toString();
  if (!/^\d*$/.test(digits)) refuse('not_numeric', `${field} must be digits, got "${digits}"`);
  if (digits.length > length) refuse('field_overflow', `${field} ${digits} does not fit in ${length} digits`);
  return digits.padStart(length, '0');
}

/** Exactly `length` digits after stripping spaces and hyphens (sort codes, routing numbers, BSBs). */
export function digitsOf(value: string, length: number, field: string): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!new RegExp(`^\\d{${length}}$`).test(digits)) refuse('invalid_' + field, `${field} must be ${length} digits`);
  return digits;
}

/** Minor units as a non-negative safe integer (money is never a float). */
export function assertAmount(amount: number, field = 'amount'): number {
  if (!Number.isSafeInteger(amount) || amount < 0) refuse('invalid_amount', `${field} must be whole minor units`);
  return amount;
}

/** `1234` minor units → `"12.34"` (ISO 20022 amounts). */
export function decimalAmount(minor: number, exponent = 2): string {
  assertAmount(minor);
  const digits = minor.toString().padStart(exponent + 1, '0');
  return exponent === 0 ? digits : `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** `"12.3"` → 1230 without floating point; refuses more decimals than the currency has. */
export function minorUnits(decimal: string, exponent = 2, line?: number): number {
  const match = /^\s*(\d+)(?:\.(\d*))?\s*$/.exec(decimal);
  if (!match) return refuse('invalid_amount', `"${decimal}" is not an amount`, line);
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > exponent) return refuse('invalid_amount', `"${decimal}" has too many decimals`, line);
  const value = Number(match[1] + fraction.padEnd(exponent, '0'));
  if (!Number.isSafeInteger(value)) return refuse('invalid_amount', `"${decimal}" is too large`, line);
  return value;
}
