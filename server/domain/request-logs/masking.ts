/**
 * What a request log never keeps (decision 0086): the value of every field named below, at any
 * depth, whatever its case; and, in every other string, anything that reads as an IBAN (its
 * check digits verified, so a bankflow id is never taken for one) or an e-mail address. Nulls stay
 * null, so a log still shows which fields were sent. Free text cannot be told from an account
 * number by its digits alone: a bare account number is masked only under its field's name.
 */
export const MASK = '[masked]';

/** Field names whose values are masked wherever they appear (compared lower-cased). */
export const MASKED_FIELDS: ReadonlySet<string> = new Set([
  // Bank details.
  'account_number',
  'account_number_suffix',
  'iban',
  'bank_code',
  'branch_code',
  'sort_code',
  'account_holder_name',
  'bank_account_details',
  // Secrets.
  'secret',
  'token',
  'access_token',
  'password',
  'client_secret',
  'private_key',
  'authorization',
  // Personal data.
  'given_name',
  'family_name',
  'email',
  'phone_number',
  'address_line1',
  'address_line2',
  'address_line3',
  'postal_code',
  'danish_identity_number',
  'swedish_identity_number',
  'ip_address',
]);

/** A run that may be an IBAN: two letters, two digits, then 11–30 letters or digits (spaces or dashes between). */
const IBAN_CANDIDATE = /(?<![A-Za-z0-9])[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]){11,30}/g;
const EMAIL = /[^\s@"'<>(),;:[\]]+@[^\s@"'<>(),;:[\]]+\.[A-Za-z0-9-]+/g;

/** ISO 13616: check digits 02–98, and the rearranged number is 1 mod 97. */
function isIban(compact: string): boolean {
  const check = Number(compact.slice(2, 4));
  if (check < 2 || check > 98) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged.toUpperCase()) {
    const code = char.charCodeAt(0);
    const value = code >= 65 ? code - 55 : code - 48;
    remainder = (value >= 10 ? remainder * 100 + value : remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** Masks the longest IBAN the candidate starts with (an IBAN followed by words is still found). */
function maskIbanCandidate(candidate: string): string {
  let compact = '';
  const ends: number[] = [];
  for (let i = 0; i < candidate.length; i++) {
    const char = candidate[i]!;
    if (char === ' ' || char === '-') continue;
    compact += char;
    ends.push(i + 1);
  }
  for (let length = Math.min(compact.length, 34); length >= 15; length--) {
    if (isIban(compact.slice(0, length))) return MASK + candidate.slice(ends[length - 1]);
  }
  return candidate;
}

function maskText(text: string): string {
  return text.replace(IBAN_CANDIDATE, maskIbanCandidate).replace(EMAIL, MASK);
}

/** A JSON value with the fields above and every IBAN or e-mail address in its strings masked. */
export function maskValue(value: unknown): unknown {
  if (typeof value === 'string') return maskText(value);
  if (Array.isArray(value)) return value.map(maskValue);
  if (value === null || typeof value !== 'object') return value;
  // No prototype: a `__proto__` key from JSON.parse stays an ordinary field.
  const masked: Record<string, unknown> = Object.create(null);
  for (const [key, field] of Object.entries(value)) {
    masked[key] = field !== null && MASKED_FIELDS.has(key.toLowerCase()) ? MASK : maskValue(field);
  }
  return masked;
}

const FIELD_NAMES = [...MASKED_FIELDS].join('|');
/**
 * Whether JSON text may hold anything to mask: a masked field's name as a key, an IBAN's start
 * (check digits 02–98, so ids such as `MD01…` do not match; after a letter only when it is an
 * escape's, `\n`), an `@`, or a `\u` escape that could spell any of them. Most answers have
 * none and are kept as they are, without being parsed again.
 */
const MAY_NEED_MASKING = new RegExp(
  `"(?:${FIELD_NAMES})"\\s*:|(?:(?<![A-Za-z0-9])|(?<=\\\\[bfnrt]))[A-Za-z]{2}(?:0[2-9]|[1-8]\\d|9[0-8])|@|\\\\u`,
  'i',
);

/** JSON text masked as `maskValue` masks its value; text that is not JSON is kept as masked text. */
export function maskJsonText(text: string): string {
  if (!MAY_NEED_MASKING.test(text)) return text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return maskText(text);
  }
  return JSON.stringify(maskValue(value));
}
