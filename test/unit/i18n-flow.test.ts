import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages';
import { translator } from '../../i18n/flow';
import { flow as en, type FlowMessageKey } from '../../i18n/en/flow';

const KEYS = Object.keys(en) as FlowMessageKey[];
const OTHER_LANGUAGES = LANGUAGES.filter((lang) => lang !== 'en');

/** Words shared with English on purpose: names, codes and scheme terms. */
const SAME_AS_ENGLISH_ALLOWED = /^(IBAN|BSB|PayID|CPR|Sort code|OK|\{\w+\}.*)$/;

describe('payer flow catalogue translations', () => {
  // Keys and placeholders: test/unit/i18n-parity.test.ts, over every part of the tree.
  it.each(OTHER_LANGUAGES)('%s is a translation, not a copy of English', (lang) => {
    const t = translator(lang);
    const copies = KEYS.filter((key) => t(key) === en[key] && !SAME_AS_ENGLISH_ALLOWED.test(en[key]));
    // A few labels are the same word in some languages (e.g. "Bank", "IBAN"); most must differ.
    expect(copies.length, `${lang}: ${copies.join(', ')}`).toBeLessThan(KEYS.length / 10);
    expect(t('details.title')).not.toBe(en['details.title']);
    expect(t('confirm.button')).not.toBe(en['confirm.button']);
  });
});

describe('the IBAN example (issue #38.5)', () => {
  const IBAN = /[A-Z]{2}\d{2}(?: [0-9A-Z]{1,4})+/;
  it.each(LANGUAGES)('%s gives the same example in the hint and the format message, never a UK one', (lang) => {
    const t = translator(lang);
    const hint = IBAN.exec(t('field.iban_hint'))?.[0];
    expect(hint).toBeDefined();
    expect(IBAN.exec(t('error.iban_format'))?.[0]).toBe(hint);
    expect(hint).not.toMatch(/^GB/);
  });
});
