import type { Language } from '../../../server/i18n/languages';
import { da } from './da';
import { de } from './de';
import { en, type DashboardMessageKey } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';
import { nb } from './nb';
import { nl } from './nl';
import { pt } from './pt';
import { sl } from './sl';
import { sv } from './sv';

/** The dashboard's catalogue in every language the payer pages speak, each typed as every English key. */
export const dashboardTranslations: Record<Language, Record<DashboardMessageKey, string>> = {
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
