import { dashboard as en } from './en/dashboard';
import { dashboard as fr } from './fr/dashboard';
import { dashboard as de } from './de/dashboard';
import { dashboard as pt } from './pt/dashboard';
import { dashboard as es } from './es/dashboard';
import { dashboard as it } from './it/dashboard';
import { dashboard as nl } from './nl/dashboard';
import { dashboard as da } from './da/dashboard';
import { dashboard as nb } from './nb/dashboard';
import { dashboard as sl } from './sl/dashboard';
import { dashboard as sv } from './sv/dashboard';
import type { DashboardCatalogue, DashboardMessageKey } from './en/dashboard';
import type { Language } from './languages';
import { createLookup, type Translate } from './lookup';

export type { DashboardMessageKey };
export type DashboardTranslate = Translate<DashboardMessageKey>;

/**
 * The merchant dashboard's catalogue in every language the payer pages speak
 * (i18n/<lang>/dashboard.ts): a different reader from the flow's, so a part of its own.
 */
export const DASHBOARD: Record<Language, DashboardCatalogue> = { en, fr, de, pt, es, it, nl, da, nb, sl, sv };

const lookup = createLookup(DASHBOARD);

/** A translator for the dashboard in one language (the one lookup of i18n/lookup.ts). */
export function dashboardTranslator(language: Language): DashboardTranslate {
  return (key, params) => lookup(language, key, params);
}
