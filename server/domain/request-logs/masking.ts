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

/** Where an IBAN may start: two letters and two digits (the rest is read by `ibanAt`). */
const IBAN_START = /[A-Za-z]{2}\d{2}/g;
const isAlnum = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);

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

/**
 * The end of the longest IBAN starting at `start` (letters and digits, single spaces or dashes
 * between), or -1. Not one run into a letter or digit before it; in JSON text a letter after a
 * backslash is an escape's (`\n`), not part of a word.
 */
function ibanAt(text: string, start: number, inJson: boolean): number {
  const before = start > 0 ? text.charCodeAt(start - 1) : 0;
  if (isAlnum(before) && !(inJson && start > 1 && text[start - 2] === '\\')) return -1;
  let compact = '';
  const ends: number[] = [];
  for (let i = start; i < text.length && compact.length < 34; i++) {
    const code = text.charCodeAt(i);
    if (isAlnum(code)) {
      compact += text[i];
      ends.push(i + 1);
    } else if ((code !== 32 && code !== 45) || !isAlnum(text.charCodeAt(i + 1))) break;
  }
  for (let length = compact.length; length >= 15; length--) {
    if (isIban(compact.slice(0, length))) return ends[length - 1]!;
  }
  return -1;
}

function maskIbans(text: string, inJson: boolean): string {
  let out = '';
  let copied = 0;
  IBAN_START.lastIndex = 0;
  for (let found = IBAN_START.exec(text); found; found = IBAN_START.exec(text)) {
    const end = ibanAt(text, found.index, inJson);
    if (end < 0) {
      IBAN_START.lastIndex = found.index + 1;
      continue;
    }
    out += text.slice(copied, found.index) + MASK;
    copied = end;
    IBAN_START.lastIndex = end;
  }
  return copied ? out + text.slice(copied) : text;
}

/** What cannot be part of an e-mail address as it appears in text or JSON. */
const EMAIL_STOP = new Set([...' \t\r\n@"\'<>(),;:[]\\']);

/** Every `local@domain.tld` masked, found from its `@` (one pass, not a regex tried at every position). */
function maskEmails(text: string): string {
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > copied && !EMAIL_STOP.has(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && !EMAIL_STOP.has(text[end]!)) end++;
    while (text[end - 1] === '.') end--;
    const domain = text.slice(at + 1, end);
    if (start === at || !/^[^.]+(\.[^.]*)*\.[A-Za-z0-9-]+$/.test(domain)) continue;
    out += text.slice(copied, start) + MASK;
    copied = end;
    at = end - 1;
  }
  return copied ? out + text.slice(copied) : text;
}

function maskText(text: string): string {
  return maskEmails(maskIbans(text, false));
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
/** A masked field with a scalar value, in JSON text: its value is replaced where it stands. */
const MASKED_SCALAR = new RegExp(`"(${FIELD_NAMES})":(?:"(?:[^"\\\\]|\\\\.)*"|-?[0-9][0-9.eE+-]*|true|false)`, 'gi');
/** A masked field whose value is an object or an array: left to the parse below. */
const MASKED_COMPOUND = new RegExp(`"(?:${FIELD_NAMES})":[[{]`, 'i');

/**
 * JSON text masked as `maskValue` masks its value. Text as JSON.stringify writes it (the API's own
 * answers, a request's parsed document) is masked where it stands, without a parse: its keys are
 * never escaped and a string's quotes always are, so a field's name followed by `":` is a key.
 * Text with a `\u` escape, or a masked field holding an object or array, is parsed and walked;
 * text that is not JSON is masked as text.
 */
export function maskJsonText(text: string): string {
  if (text.includes('\\u') || MASKED_COMPOUND.test(text)) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return maskText(text);
    }
    return JSON.stringify(maskValue(value));
  }
  return maskEmails(maskIbans(text.replace(MASKED_SCALAR, `"$1":"${MASK}"`), true));
}
