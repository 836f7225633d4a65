import { oneLine } from '../domain/shared/text';

/** Amounts, dates and header values as the payer reads them. */

const LOCALES: Record<string, string> = { nb: 'nb-NO', sl: 'sl-SI', sv: 'sv-SE', da: 'da-DK' };
const locale = (language: string) => LOCALES[language] ?? language;

/** Minor units of each currency's amounts (all the schemes' currencies have 2 except none). */
export function formatMoney(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(locale(language), { style: 'currency', currency }).format(amount / 100);
}

/** A `YYYY-MM-DD` charge date, long form in the payer's language (a date, not an instant: UTC). */
export function formatDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * A value that reaches a header (subject, display name): every control character (CR and LF above
 * all, the header-injection vector) becomes a space, and it is cut to `max` characters.
 */
export function headerSafe(value: string, max = 200): string {
  const flat = oneLine(value);
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Long merchant/payer text shown in a mail body is shortened so the mail stays small. */
export const bodySafe = (value: string, max = 300) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
