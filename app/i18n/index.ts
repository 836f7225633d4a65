import type { Language } from '../../server/i18n/languages';
import type { FlowMessageKey } from './en';
import { translations } from './translations';

export type { FlowMessageKey };
export type Translate = (key: FlowMessageKey | string, params?: Record<string, string | number>) => string;

/** A translator for one language; an unknown key reads as itself, which tests look for. */
export function translator(language: Language): Translate {
  const table: Partial<Record<string, string>> = translations[language] ?? translations.en;
  return (key, params = {}) => {
    const template = table[key] ?? key;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
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
