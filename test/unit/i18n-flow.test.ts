import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../server/i18n/languages';
import { translator } from '../../app/i18n';
import { en, type FlowMessageKey } from '../../app/i18n/en';
import { translations } from '../../app/i18n/translations';

const KEYS = Object.keys(en) as FlowMessageKey[];
const OTHER_LANGUAGES = LANGUAGES.filter((lang) => lang !== 'en');

const placeholders = (template: string): string[] =>
  [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();

/** Words shared with English on purpose: names, codes and scheme terms. */
const SAME_AS_ENGLISH_ALLOWED = /^(IBAN|BSB|PayID|CPR|Sort code|OK|\{\w+\}.*)$/;

describe('payer flow catalogue translations', () => {
  it.each(OTHER_LANGUAGES)('%s has every English key, non-empty, and nothing English lacks', (lang) => {
    const table = translations[lang] as Record<string, string>;
    expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    for (const key of KEYS) expect(table[key]?.trim(), `${lang} ${key}`).toBeTruthy();
  });

  it.each(OTHER_LANGUAGES)('%s keeps the placeholders of English', (lang) => {
    const table = translations[lang] as Record<string, string>;
    for (const key of KEYS) expect(placeholders(table[key] ?? ''), `${lang} ${key}`).toEqual(placeholders(en[key]));
  });

  it.each(OTHER_LANGUAGES)('%s is a translation, not a copy of English', (lang) => {
    const t = translator(lang);
    const copies = KEYS.filter((key) => t(key) === en[key] && !SAME_AS_ENGLISH_ALLOWED.test(en[key]));
    // A few labels are the same word in some languages (e.g. "Bank", "IBAN"); most must differ.
    expect(copies.length, `${lang}: ${copies.join(', ')}`).toBeLessThan(KEYS.length / 10);
    expect(t('details.title')).not.toBe(en['details.title']);
    expect(t('confirm.button')).not.toBe(en['confirm.button']);
  });
});
