import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../i18n/languages';
import { API as translations, apiMessage } from '../../i18n/api';
import { api as en, type ApiMessageKey } from '../../i18n/en/api';

const KEYS = Object.keys(en) as ApiMessageKey[];
const OTHER_LANGUAGES = LANGUAGES.filter((lang) => lang !== 'en');

const placeholders = (template: string): string[] =>
  [...new Set([...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''))].sort();

/** A value for every placeholder of a template, distinct per name so a swapped one would show. */
const paramsFor = (template: string): Record<string, string> =>
  Object.fromEntries(placeholders(template).map((name) => [name, `«${name}-value»`]));

/** Tokens that are protocol, format or banking identifiers: never translated. */
const TECHNICAL_TOKENS = [
  'Authorization',
  'Bearer <token>',
  'Content-Type',
  'Content-Length',
  'Idempotency-Key',
  'Accept',
  'PATCH',
  'PUT',
  'POST',
  'application/json',
  'application/vnd.api+json',
  'JSON',
  'HTTPS',
  'IBAN',
  'BSB',
  'ABA',
  'USD',
  'CPR',
  'CVR',
  'ISO 8601',
  'ISO 3166-1 alpha-2',
  'YYYY-MM-DD',
  'AUD, CAD, DKK, EUR, GBP, NZD, SEK, USD',
  'ACH',
  'PAD',
  'PayTo',
  'Faster Payments',
  'http(s)',
  'interval_unit yearly',
  'interval_unit weekly',
  'given_name',
  'family_name',
  'mandate_request',
  'links.new_mandate',
  'request_id',
];

describe('API message catalogue translations', () => {
  describe.each(OTHER_LANGUAGES)('%s', (lang) => {
    const table = translations[lang] as Partial<Record<string, string>>;

    // Keys and placeholders: test/unit/i18n-parity.test.ts, over every part of the tree.
    it('keeps technical tokens untranslated', () => {
      for (const key of KEYS) {
        for (const token of TECHNICAL_TOKENS) {
          if (en[key].includes(token)) expect(table[key], `${lang} ${key} keeps ${token}`).toContain(token);
        }
      }
    });

    it('is actually translated, in clean UTF-8', () => {
      for (const key of KEYS) {
        const message = table[key] ?? '';
        expect(message, `${lang} ${key}`).not.toBe(en[key]);
        // Mojibake (UTF-8 read as Latin-1) or replacement characters.
        expect(message, `${lang} ${key}`).not.toMatch(/Ã|Â|Å¡|Ä\u008d|\uFFFD/);
        expect(message, `${lang} ${key}`).toBe(message.trim());
      }
    });

    it('interpolates every placeholder through apiMessage', () => {
      for (const key of KEYS) {
        const params = paramsFor(en[key]);
        const rendered = apiMessage(lang, key, params);
        expect(rendered, `${lang} ${key}`).not.toContain('{');
        for (const value of Object.values(params)) expect(rendered, `${lang} ${key}`).toContain(value);
        expect(rendered, `${lang} ${key}`).not.toBe(key);
      }
    });
  });
});

describe('apiMessage', () => {
  it('renders English for en, interpolating parameters', () => {
    expect(apiMessage('en', 'reason.validation_failed')).toBe('Validation failed.');
    expect(apiMessage('en', 'field.too_long', { max: 50 })).toBe('is too long (at most 50 characters)');
    expect(apiMessage('en', 'field.required_when', { other: 'scheme', value: 'bacs' })).toBe(
      'is required when scheme is bacs',
    );
    for (const key of KEYS) {
      const params = paramsFor(en[key]);
      const rendered = apiMessage('en', key, params);
      expect(rendered, key).not.toContain('{');
      expect(rendered, key).toBe(en[key].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? ''));
    }
  });

  it('renders the translation for another language', () => {
    expect(apiMessage('de', 'reason.validation_failed')).toBe(translations.de['reason.validation_failed']);
    expect(apiMessage('fr', 'field.too_long', { max: 50 })).toContain('50');
    expect(apiMessage('fr', 'field.too_long', { max: 50 })).not.toBe(apiMessage('en', 'field.too_long', { max: 50 }));
  });

  it('returns the key itself for a key no catalogue defines', () => {
    for (const lang of LANGUAGES) {
      expect(apiMessage(lang, 'reason.no_such_reason')).toBe('reason.no_such_reason');
      expect(apiMessage(lang, 'field.no_such_code', { max: 1 })).toBe('field.no_such_code');
    }
  });

  it('falls back to English when a language table lacks a key', () => {
    const table = translations.sv as Partial<Record<ApiMessageKey, string>>;
    const saved = table['field.too_long'];
    delete table['field.too_long'];
    try {
      expect(apiMessage('sv', 'field.too_long', { max: 9 })).toBe('is too long (at most 9 characters)');
    } finally {
      table['field.too_long'] = saved;
    }
    expect(apiMessage('sv', 'field.too_long', { max: 9 })).toBe(saved?.replace('{max}', '9'));
  });

  it('leaves a placeholder visible when its parameter is missing', () => {
    expect(apiMessage('nl', 'field.too_long')).toContain('{max}');
  });
});
