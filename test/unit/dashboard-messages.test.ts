import { describe, expect, it } from 'vitest';
import { dashboard as en } from '../../i18n/en/dashboard';
import { DASHBOARD as dashboardTranslations } from '../../i18n/dashboard';
import { LANGUAGES } from '../../i18n/languages';

/** The dashboard speaks every payer language (keys and placeholders: test/unit/i18n-parity.test.ts). */
describe('dashboard catalogues', () => {
  it('translates rather than copies English (most messages differ)', () => {
    for (const language of LANGUAGES.filter((l) => l !== 'en')) {
      const table = dashboardTranslations[language];
      const same = (Object.keys(en) as (keyof typeof en)[]).filter((key) => table[key] === en[key]);
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThan(10);
    }
  });
});
