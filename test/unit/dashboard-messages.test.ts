import { describe, expect, it } from 'vitest';
import { en } from '../../app/i18n/dashboard/en';
import { dashboardTranslations } from '../../app/i18n/dashboard/translations';
import { LANGUAGES } from '../../server/i18n/languages';

/** The dashboard speaks every payer language: each catalogue has every key, worded, with English's placeholders. */
const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('dashboard catalogues', () => {
  it.each(LANGUAGES)('%s has every dashboard message with English’s placeholders', (language) => {
    const table = dashboardTranslations[language] as Record<string, string>;
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(table[key]?.trim(), `${language} ${key}`).toBeTruthy();
      expect(placeholders(table[key] ?? ''), `${language} ${key}`).toEqual(placeholders(en[key]));
    }
  });

  it('translates rather than copies English (most messages differ)', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const table = dashboardTranslations[language];
      const same = (Object.keys(en) as (keyof typeof en)[]).filter((key) => table[key] === en[key]);
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThan(10);
    }
  });
});
