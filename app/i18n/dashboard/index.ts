import { createLookup } from '../../../server/i18n/core';
import type { Language } from '../../../server/i18n/languages';
import { en, type DashboardMessageKey } from './en';
import { dashboardTranslations } from './translations';

export type { DashboardMessageKey };
export type DashboardTranslate = (key: DashboardMessageKey, params?: Record<string, string | number>) => string;

const lookup = createLookup(dashboardTranslations, en);

/** A translator for the dashboard in one language (the shared i18n core: English, then the key). */
export function dashboardTranslator(language: Language): DashboardTranslate {
  return (key, params) => lookup(language, key, params);
}
