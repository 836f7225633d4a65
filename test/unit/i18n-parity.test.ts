import { describe, expect, it } from 'vitest';
import { API } from '../../i18n/api';
import { DASHBOARD } from '../../i18n/dashboard';
import { FLOW } from '../../i18n/flow';
import { LANGUAGES, type Language } from '../../i18n/languages';
import { ENGLISH_FALLBACK, type MessagePart } from '../../i18n/lookup';
import { MAIL } from '../../i18n/mail';
import { MANDATE, MANDATE_SCHEMES, type Consent, type TextContext } from '../../i18n/mandate';

/**
 * The one parity test of the translation tree (decision 0070): every part, every language, the
 * same keys as English and the same placeholders in each message. A key may be missing from a
 * language only if it is written out here (and in ENGLISH_FALLBACK, which the types read).
 */
const LISTED_ENGLISH_FALLBACK: Record<MessagePart, readonly string[]> = {
  flow: [],
  dashboard: [],
  api: [],
  mail: [],
};

const PARTS: Record<MessagePart, Record<Language, Partial<Record<string, string>>>> = {
  flow: FLOW,
  dashboard: DASHBOARD,
  api: API,
  mail: MAIL,
};

const placeholders = (template: string): string[] =>
  [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();

describe('translation tree parity', () => {
  it('lists the keys that may fall back to English here and in i18n/lookup.ts alike', () => {
    expect(ENGLISH_FALLBACK).toEqual(LISTED_ENGLISH_FALLBACK);
  });

  describe.each(Object.keys(PARTS) as MessagePart[])('%s', (part) => {
    const english = PARTS[part].en as Record<string, string>;
    const keys = Object.keys(english).sort();
    const listed = new Set(LISTED_ENGLISH_FALLBACK[part]);

    it('lists only keys English has, and each is missing somewhere (else it is no exception)', () => {
      for (const key of listed) {
        expect(keys, key).toContain(key);
        expect(
          LANGUAGES.some((language) => PARTS[part][language][key] === undefined),
          key,
        ).toBe(true);
      }
    });

    it.each(LANGUAGES)('%s has every key of English, worded, and none English lacks', (language) => {
      const table = PARTS[part][language];
      const present = Object.keys(table).sort();
      expect(present.filter((key) => !(key in english))).toEqual([]);
      expect(keys.filter((key) => !(key in table) && !listed.has(key))).toEqual([]);
      for (const key of present) expect(table[key]?.trim(), `${language} ${key}`).toBeTruthy();
    });

    it.each(LANGUAGES)('%s keeps the placeholders of English', (language) => {
      const table = PARTS[part][language];
      for (const key of Object.keys(table))
        expect(placeholders(table[key] ?? ''), `${language} ${key}`).toEqual(placeholders(english[key] ?? ''));
    });
  });

  describe('mandate', () => {
    // Values no wording contains, so each shows where a template uses it.
    const context = (consent: Consent, business: boolean): TextContext => ({
      name: '‹name›',
      id: '‹id›',
      ref: '‹ref›',
      address: '‹address›',
      email: '‹email›',
      phone: '‹phone›',
      contact: '‹contact›',
      amount: '‹amount›',
      consent,
      business,
    });
    const used = (text: string) => [...text.matchAll(/‹(\w+)›/g)].map((m) => m[1]);
    const cases = MANDATE_SCHEMES.flatMap((scheme) =>
      (['single', 'recurring', 'payer_initiated'] as const).flatMap((consent) =>
        [false, true].map((business) => ({ scheme, consent, business })),
      ),
    );

    it.each(LANGUAGES)('%s has a text for every scheme of English, and none English lacks', (language) => {
      expect(Object.keys(MANDATE[language]).sort()).toEqual([...MANDATE_SCHEMES].sort());
    });

    it.each(LANGUAGES)('%s names in each text what English names (creditor, id, reference, amount)', (language) => {
      for (const { scheme, consent, business } of cases) {
        const draft = (lang: Language) => MANDATE[lang][scheme](context(consent, business));
        const values = (lang: Language) => {
          const d = draft(lang);
          const lead = d.lead ? [d.lead.title, ...d.lead.paragraphs.filter(Boolean)] : [];
          return [...new Set(used([...lead, d.title, ...d.paragraphs.filter(Boolean), d.agreement].join(' ')))].sort();
        };
        expect(values(language), `${language} ${scheme} ${consent} ${business}`).toEqual(values('en'));
        expect(draft(language).agreement.trim(), `${language} ${scheme}`).toBeTruthy();
      }
    });
  });
});
