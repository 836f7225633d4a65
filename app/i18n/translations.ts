import type { Language } from '../../server/i18n/languages';
import { da } from './da';
import { de } from './de';
import { en, type FlowMessageKey } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nb } from './nb';
import { nl } from './nl';
import { pt } from './pt';
import { sl } from './sl';
import { sv } from './sv';

/**
 * The flow's catalogue in every customer language, one file per language. Each file is typed as
 * every key of English, so a missing or misspelt key fails the typecheck.
 */
export const translations: Record<Language, Record<FlowMessageKey, string>> = {
  en,
  fr,
  de,
  pt,
  es,
  it,
  nl,
  da,
  nb,
  sl,
  sv,
};
