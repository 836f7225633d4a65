import type { Language } from '../../server/i18n/languages';
import type { FlowMessageKey } from './en';

// The pages and components name languages through their catalogue; the list itself is domain data.
export { LANGUAGES, isLanguage, type Language } from '../../server/i18n/languages';
import { createLookup } from '../../server/i18n/core';
import { translations } from './translations';

export type { FlowMessageKey };
export type Translate = (key: FlowMessageKey | string, params?: Record<string, string | number>) => string;

const lookup = createLookup(translations, translations.en);

/** A translator for one language (the shared i18n core: fallback to English, then the key itself). */
export function translator(language: Language): Translate {
  return (key, params) => lookup(language, key, params);
}

/**
 * A field label as it reads inside a sentence ("Enter your {field}"). English lowercases the
 * first word unless it is an acronym (IBAN, BSB, CPR, PayID); the other catalogues quote the label,
 * so it stays as written (German nouns keep their capital).
 */
export function labelInSentence(language: Language, label: string): string {
  if (language !== 'en') return label;
  const first = label.split(' ')[0] ?? '';
  return /[A-Z].*[A-Z]/.test(first) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** Native names of the languages, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  da: 'Dansk',
  nb: 'Norsk bokmål',
  sl: 'Slovenščina',
  sv: 'Svenska',
};
