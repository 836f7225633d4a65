/**
 * Email addresses, the one place their rules live (issue #40.4, decision 0064): what is taken as an
 * address wherever one is given (API customers, billing request actions, the payer's details
 * form, mandate imports, creditors, the dashboard), and the form blocks compare them on.
 */

/** something@domain.tld, no spaces: the shape every form and the API have always asked for. */
const SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/**
 * Characters an address never needs and a look-alike hides behind: control and format characters
 * (U+200B zero-width space, U+202E right-to-left override, the soft hyphen…), surrogates, private
 * use and unassigned code points (all of Unicode's `C` category), every default-ignorable code point
 * (drawn as nothing though outside `C`: U+034F combining grapheme joiner, the variation selectors
 * U+FE00–U+FE0F and U+E0100–U+E01EF, the Hangul fillers U+115F, U+1160, U+3164…), and the
 * fullwidth and halfwidth forms (U+FF00–U+FFEF) that draw like plain letters.
 */
const LOOK_ALIKE = /[\p{C}\p{Default_Ignorable_Code_Point}\uFF00-\uFFEF]/u;

export const EMAIL_MAX_LENGTH = 254;

/** Whether `value` (already trimmed) is taken as an email address. */
export const isEmailAddress = (value: string): boolean =>
  value.length <= EMAIL_MAX_LENGTH && SHAPE.test(value) && !LOOK_ALIKE.test(value);

/** Marks (accents, combining or not as typed) and what draws as nothing: dropped from the compared form. */
const UNSEEN = /[\p{M}\p{Default_Ignorable_Code_Point}]/gu;

/**
 * The form blocks compare (decision 0064): compatibility forms folded (NFKC), lower case, then
 * decomposed (NFKD) and every mark dropped, so `evadé`, `evade\u0301` and `evade` are one; full case
 * folding's two letters that `toLowerCase` leaves (ß and ẞ are `ss`, final ς is σ); NFC again so
 * Hangul syllables are whole. Migration 0085 applies the same steps to the blocks made before.
 */
const fold = (value: string) =>
  value
    .trim()
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFKD')
    .replace(UNSEEN, '')
    .replace(/ß/g, 'ss')
    .replace(/ς/g, 'σ')
    .normalize('NFC');

/** The folded domain, the trailing dot of a fully qualified name dropped. */
export const domainMatchValue = (domain: string): string => fold(domain).replace(/^@/, '').replace(/\.+$/, '');

/**
 * What an `email` block compares: the folded address with its `+tag` dropped (RFC 5233
 * sub-addressing), so `Evade+x@Example.com.` is the mailbox `evade@example.com`.
 */
export function emailMatchValue(email: string): string {
  const folded = fold(email);
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  const local = folded.slice(0, at).replace(/^([^+]+)\+.*$/, '$1');
  return `${local}@${domainMatchValue(folded.slice(at + 1))}`;
}

/**
 * The domains an `email_domain` block of which would match this address: its own and each parent
 * (`a.example.com`, `example.com`, `com`), so a block of a domain covers its subdomains.
 */
export function domainsOfEmail(email: string): string[] {
  const domain = domainMatchValue(fold(email).split('@').pop() ?? '');
  const labels = domain.split('.');
  return labels.map((_, i) => labels.slice(i).join('.')).filter((d) => d !== '');
}
