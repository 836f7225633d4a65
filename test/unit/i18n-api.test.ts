import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../server/i18n/languages';
import { apiMessage } from '../../server/i18n/api';
import { en, type ApiMessageKey } from '../../server/i18n/api/en';
import { translations } from '../../server/i18n/api/translations';

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
  it('covers every customer language other than English', () => {
    for (const lang of OTHER_LANGUAGES) expect(translations[lang], lang).toBeDefined();
  });

  describe.each(OTHER_LANGUAGES)('%s', (lang) => {
    const table = (translations[lang] ?? {}) as Partial<Record<string, string>>;

    it('has every English key, non-empty, and no key English lacks', () => {
      for (const key of KEYS) {
        const message = table[key];
        expect(typeof message, `${lang} ${key}`).toBe('string');
        expect(message?.trim(), `${lang} ${key}`).not.toBe('');
      }
      expect(Object.keys(table).sort()).toEqual([...KEYS].sort());
    });

    it('keeps the same placeholders as English', () => {
      for (const key of KEYS) {
        expect(placeholders(table[key] ?? ''), `${lang} ${key}`).toEqual(placeholders(en[key]));
      }
    });

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
    expect(apiMessage('de', 'reason.validation_failed')).toBe(translations.de?.['reason.validation_failed']);
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
