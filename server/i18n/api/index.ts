import type { Language } from '../languages';
import { interpolate } from '../format';
import { en, type ApiMessageKey } from './en';
import { translations } from './translations';

export type { ApiMessageKey };

/**
 * Renders an API message in `lang`, falling back to English for a missing key, and to the key
 * itself for a key nobody defined (so an unknown key is visible, never a crash).
 */
export function apiMessage(lang: Language, key: string, params?: Record<string, string | number>): string {
  const table = (translations[lang] ?? {}) as Partial<Record<string, string>>;
  const template = table[key] ?? (en as Record<string, string>)[key] ?? key;
  return interpolate(template, params);
}
