import type { Language } from '../languages';
import type { ApiMessageKey } from './en';
import { da } from './da';
import { de } from './de';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nb } from './nb';
import { nl } from './nl';
import { pt } from './pt';
import { sl } from './sl';
import { sv } from './sv';

/** Translations of the API catalogue, one file per language. English (en.ts) is the fallback. */
export const translations: Partial<Record<Language, Partial<Record<ApiMessageKey, string>>>> = {
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
