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
