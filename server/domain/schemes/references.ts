import { randomInt } from 'node:crypto';
import type { Scheme } from './types';

/**
 * Mandate and payment references per scheme (schemes.md § 1 "Mandate reference" rows and the
 * "Payment `reference` max" line). Checks are case-insensitive where the scheme upper-cases.
 */

/** Returns `count` characters drawn uniformly at random from `alphabet`. */
export type RandomCharacters = (count: number, alphabet: string) => string;

interface MandateReferenceRule {
  maxLength: number;
  isValid(reference: string): boolean;
  /** Characters the random part is drawn from, and how many. */
  alphabet: string;
  randomLength: number;
  /** Numeric schemes take no creditor prefix: it would not fit their character set. */
  takesPrefix: boolean;
}

/** Crockford base-32, upper case: no I, L, O, U, so a reference read aloud is not misheard. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DIGITS = '0123456789';
/** 10 Crockford characters = 50 random bits: not guessable, short enough for Bacs' 18. */
const RANDOM_LENGTH = 10;
const PREFIX_SEPARATOR = '-';

const BACS_CHARACTERS = /^[A-Za-z0-9 .&/-]+$/;
const SEPA_CHARACTERS = /^[A-Za-z0-9/\-?:().,'+ ]+$/;
const DEFAULT_CHARACTERS = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
const CONTROL_CHARACTERS = /\p{Cc}/u;

const lengthWithin = (reference: string, min: number, max: number) =>
  reference.length >= min && reference.length <= max;
const hasOuterSpace = (reference: string) => reference !== reference.trim();

/**
 * Bacs (schemes.md § 1 bacs): 6–18 characters of letters, digits and the Bacs punctuation
 * `. & / -` and space; no leading or trailing space; not starting `DDIC` (reserved for indemnity
 * claims); not one character repeated.
 */
function isValidBacsReference(reference: string): boolean {
  const upper = reference.toUpperCase();
  return (
    lengthWithin(reference, 6, 18) &&
    BACS_CHARACTERS.test(reference) &&
    !hasOuterSpace(reference) &&
    !upper.startsWith('DDIC') &&
    new Set(upper).size > 1
  );
}

/**
 * SEPA UMR (schemes.md § 1 sepa_core): up to 35 characters of the SEPA basic Latin set. The EPC
 * also bars identifiers that start or end with `/` or contain `//`; outer spaces would make two
 * references that read alike differ, so they are refused too.
 */
function isValidSepaReference(reference: string): boolean {
  return (
    lengthWithin(reference, 1, 35) &&
    SEPA_CHARACTERS.test(reference) &&
    !hasOuterSpace(reference) &&
    !reference.startsWith('/') &&
    !reference.endsWith('/') &&
    !reference.includes('//')
  );
}

const numericRule = (maxLength: number): MandateReferenceRule => ({
  maxLength,
  isValid: (reference) => /^\d+$/.test(reference) && reference.length <= maxLength,
  alphabet: DIGITS,
  randomLength: maxLength,
  takesPrefix: false,
});

/** Letters, digits and inner hyphens: safe in every scheme file and on every bank statement. */
const alphanumericRule = (maxLength: number): MandateReferenceRule => ({
  maxLength,
  isValid: (reference) => lengthWithin(reference, 1, maxLength) && DEFAULT_CHARACTERS.test(reference),
  alphabet: CROCKFORD,
  randomLength: RANDOM_LENGTH,
  takesPrefix: true,
});

const MANDATE_REFERENCE_RULES: Record<Scheme, MandateReferenceRule> = {
  bacs: { ...alphanumericRule(18), isValid: isValidBacsReference },
  sepa_core: { ...alphanumericRule(35), isValid: isValidSepaReference },
  // Payer number (betalarnummer): numeric, at most 16 digits (schemes.md § 1, unverified).
  autogiro: numericRule(16),
  // Sent as the Betalingsservice customer number, up to 15 digits (schemes.md § 1 creditor ids).
  betalingsservice: numericRule(15),
  // Nacha's Individual Identification Number field is 15 characters wide.
  ach: alphanumericRule(15),
  // NZ statement particulars/code/reference fields are 12 characters each.
  becs_nz: alphanumericRule(12),
  becs: alphanumericRule(18),
  pad: alphanumericRule(18),
  faster_payments: alphanumericRule(18),
  pay_to: alphanumericRule(18),
};

export function mandateReferenceMaxLength(scheme: Scheme): number {
  return MANDATE_REFERENCE_RULES[scheme].maxLength;
}

export function validateMandateReference(scheme: Scheme, reference: string): boolean {
  return MANDATE_REFERENCE_RULES[scheme].isValid(reference);
}

export const secureRandomCharacters: RandomCharacters = (count, alphabet) =>
  Array.from({ length: count }, () => alphabet.charAt(randomInt(alphabet.length))).join('');

/** Attempts before giving up on a reference the rules refuse (only a broken random source fails). */
const GENERATION_ATTEMPTS = 5;

/**
 * A fresh, upper-case, hard-to-guess mandate reference valid for the scheme: the creditor's prefix
 * (letters and digits only, shortened to fit) + `-` + 10 random Crockford characters, or for the
 * numeric schemes a full-width random number that does not start with 0.
 */
export function generateMandateReference(
  scheme: Scheme,
  random: RandomCharacters = secureRandomCharacters,
  prefix?: string,
): string {
  const rule = MANDATE_REFERENCE_RULES[scheme];
  const head = rule.takesPrefix ? prefixFor(scheme, prefix, rule) : '';
  for (let attempt = 0; attempt < GENERATION_ATTEMPTS; attempt++) {
    const body = randomPart(rule, random);
    const reference = head ? head + PREFIX_SEPARATOR + body : body;
    if (rule.isValid(reference)) return reference;
  }
  throw new Error(`Could not generate a valid ${scheme} mandate reference`);
}

function prefixFor(scheme: Scheme, prefix: string | undefined, rule: MandateReferenceRule): string {
  const room = rule.maxLength - rule.randomLength - PREFIX_SEPARATOR.length;
  const cleaned = (prefix ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, Math.max(room, 0));
  // A prefix that would start a Bacs reference with the reserved DDIC is left out.
  return scheme === 'bacs' && cleaned.startsWith('DDIC') ? '' : cleaned;
}

function randomPart(rule: MandateReferenceRule, random: RandomCharacters): string {
  const numeric = rule.alphabet === DIGITS;
  // A leading 0 would be lost wherever the number is stored as a number.
  const first = numeric ? random(1, DIGITS.slice(1)) : '';
  const rest = random(rule.randomLength - first.length, rule.alphabet);
  const part = first + rest;
  const outsideAlphabet = [...part].some((char) => !rule.alphabet.includes(char));
  if (part.length !== rule.randomLength || outsideAlphabet || (numeric && part.startsWith('0'))) {
    throw new Error('Random source returned characters outside the requested alphabet or length');
  }
  return part;
}

/** GC's maxima for a payment's `reference`; `null` = no limit (pad). schemes.md "Payment `reference` max". */
export const PAYMENT_REFERENCE_MAX_LENGTH: Record<Scheme, number | null> = {
  ach: 10,
  autogiro: 11,
  bacs: 10,
  becs: 30,
  becs_nz: 12,
  betalingsservice: 30,
  faster_payments: 18,
  pad: null,
  pay_to: 18,
  sepa_core: 140,
};

const FASTER_PAYMENTS_CHARACTERS = /^[A-Za-z0-9 &\-./]+$/;
/** Bacs: the mandate reference and the payment reference together fit in 18 characters. */
const BACS_COMBINED_REFERENCE_MAX_LENGTH = 18;

/**
 * A payment reference is non-empty, free of control characters and within the scheme's maximum;
 * faster_payments also restricts the characters. For bacs, pass the mandate's reference to check
 * the combined length too.
 */
export function validatePaymentReference(scheme: Scheme, reference: string, mandateReference?: string): boolean {
  const max = PAYMENT_REFERENCE_MAX_LENGTH[scheme];
  if (reference.length === 0 || CONTROL_CHARACTERS.test(reference)) return false;
  if (max !== null && [...reference].length > max) return false;
  if (scheme === 'faster_payments' && !FASTER_PAYMENTS_CHARACTERS.test(reference)) return false;
  if (scheme === 'bacs' && mandateReference !== undefined) {
    return mandateReference.length + reference.length <= BACS_COMBINED_REFERENCE_MAX_LENGTH;
  }
  return true;
}
