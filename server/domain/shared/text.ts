import { isUtf8 } from 'node:buffer';

/**
 * Text Postgres can store as sent: no NUL (its text type refuses it) and no unpaired UTF-16
 * surrogate (it cannot be encoded as UTF-8). With the u flag a well-formed surrogate pair is one
 * astral code point, so \p{Cs} matches only a lone half.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is refused
const UNSTORABLE = /[\u0000\p{Cs}]/u;

export const isStorableText = (text: string): boolean => !UNSTORABLE.test(text);

/** The text with every unstorable character replaced, to name it safely in an error. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what is replaced
export const printable = (text: string): string => text.replace(/[\u0000\p{Cs}]/gu, '\ufffd');

/**
 * Text shown on one line (a name or reference in a mail): every control character, CR and LF
 * above all, becomes a space, so nothing from a merchant or payer can start a new header or line.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
export const oneLine = (text: string): string => text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();

const isHexDigit = (byte: number | undefined) =>
  byte !== undefined && ((byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66));

/**
 * One name or value of a query string or urlencoded form: whether its bytes, percent-escapes
 * decoded as the URL standard decodes them (a `%` without two hex digits stays itself), are UTF-8.
 */
function decodesToUtf8(component: string): boolean {
  if (!component.includes('%')) return true;
  const bytes = Buffer.from(component, 'utf8');
  const decoded = Buffer.alloc(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === 0x25 && isHexDigit(bytes[i + 1]) && isHexDigit(bytes[i + 2])) {
      decoded[n++] = Number.parseInt(String.fromCharCode(bytes[i + 1]!, bytes[i + 2]!), 16);
      i += 2;
    } else decoded[n++] = bytes[i]!;
  }
  return isUtf8(decoded.subarray(0, n));
}

/**
 * The first parameter of a query string or urlencoded form whose percent-escapes decode to bytes
 * that are not UTF-8 (`%FF`, the surrogate `%ED%A0%80`), named as URLSearchParams reads it; or
 * undefined. URLSearchParams would put U+FFFD in their place, and we would use text the client
 * never sent (docs/bad-input.md).
 */
export function invalidUtf8Parameter(query: string): string | undefined {
  const text = query.startsWith('?') ? query.slice(1) : query;
  if (!text.includes('%')) return undefined;
  for (const pair of text.split('&')) {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    const value = eq === -1 ? '' : pair.slice(eq + 1);
    if (!decodesToUtf8(name) || !decodesToUtf8(value)) return [...new URLSearchParams(pair).keys()][0] ?? '';
  }
  return undefined;
}
