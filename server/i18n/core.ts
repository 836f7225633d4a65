import type { Language } from '../domain/shared/languages';

/** Replaces `{name}` placeholders with parameters; unknown placeholders are left as they are. */
export function interpolate(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type Lookup = (lang: Language, key: string, params?: Record<string, string | number>) => string;

/**
 * The one i18n core, shared by the API's catalogue and the payer pages': a message in `lang`,
 * else in English, else the key itself (an unknown key stays visible, never a crash), with its
 * parameters filled in.
 */
export function createLookup(
  tables: Partial<Record<Language, Partial<Record<string, string>>>>,
  english: Partial<Record<string, string>>,
): Lookup {
  return (lang, key, params) => interpolate(tables[lang]?.[key] ?? english[key] ?? key, params);
}
