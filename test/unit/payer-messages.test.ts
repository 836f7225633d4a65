import { describe, expect, it } from 'vitest';
import { fieldMessages, reasonMessage, REFUSAL_MESSAGE_KEYS } from '../../app/.server/steps/messages';
import { FLOW as translations, translator } from '../../i18n/flow';
import { flow as en } from '../../i18n/en/flow';
import { apiMessage } from '../../i18n/api';
import { api as apiEnglish } from '../../i18n/en/api';
import { REASON_TYPES } from '../../server/domain/shared/errors';
import { LANGUAGES } from '../../i18n/languages';

/**
 * The payer's words for a refusal come from the pages' catalogues, in every language, and never
 * from the API's: every field code and reason the API's catalogue explains is worded for payers.
 */
const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const FIELD_CODES = Object.keys(apiEnglish)
  .filter((key) => key.startsWith('field.'))
  .map((key) => key.slice('field.'.length));

const pageOf = (language: (typeof LANGUAGES)[number]) => ({
  t: translator(language),
  language,
  labels: { email: translator(language)('field.email'), branch_code: translator(language)('field.branch_code.GB') },
  anchor: 'email',
});

describe('payer refusal messages', () => {
  it.each(LANGUAGES)('%s has every message a refusal can show, with English’s placeholders', (language) => {
    const table = translations[language] as Record<string, string>;
    for (const key of REFUSAL_MESSAGE_KEYS) {
      expect(table[key]?.trim(), `${language} ${key}`).toBeTruthy();
      expect(placeholders(table[key] ?? ''), `${language} ${key}`).toEqual(placeholders(en[key]));
    }
  });

  it.each(LANGUAGES)('%s words every field code for payers, at the input or the anchor', (language) => {
    const page = pageOf(language);
    // Each message is one of the pages' refusal templates, filled in.
    const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const templates = REFUSAL_MESSAGE_KEYS.map((key) => translations[language][key]).map(
      (template) =>
        new RegExp(
          `^${template
            .split(/\{\w+\}/)
            .map(escape)
            .join('.+')}$`,
        ),
    );
    for (const code of FIELD_CODES) {
      for (const field of ['customer.email', 'branch_code', 'ip_address']) {
        const [error] = fieldMessages([{ field, code, params: { currency: 'GBP', max: 140 } }], page);
        expect(error, `${language} ${field} ${code}`).toBeDefined();
        expect(['email', 'branch_code'], `${language} ${field} ${code}`).toContain(error!.field);
        expect(error!.message, `${language} ${code}`).not.toContain(
          apiMessage(language, `field.${code}`, { currency: 'GBP', max: 140 }),
        );
        expect(error!.message, `${language} ${code}`).not.toContain('{');
        expect(
          templates.some((template) => template.test(error!.message)),
          `${language} ${code}: ${error!.message}`,
        ).toBe(true);
      }
    }
  });

  it.each(LANGUAGES)('%s words every refusal reason for payers', (language) => {
    for (const reason of Object.keys(REASON_TYPES)) {
      const [error] = reasonMessage(reason, pageOf(language));
      expect(error!.field).toBe('email');
      expect(error!.message, `${language} ${reason}`).not.toBe(apiMessage(language, `reason.${reason}`));
      expect(Object.values(translations[language])).toContain(error!.message);
    }
  });
});

describe('payer catalogues speak to payers', () => {
  const API_KEYS = Object.keys(apiEnglish).filter((key) => key.startsWith('field.') || key.startsWith('reason.'));
  /** The API's voice: standards, formats and parameter names a payer never needs to read. */
  const API_WORDING = /ISO[ -]?\d|alpha-2|YYYY|\bparameter\b|\bnull\b|\b[a-z]+_[a-z_]+\b|\bmust be of type\b/i;

  it.each(LANGUAGES)('%s has every key of English, and no entry in the API’s wording', (language) => {
    const table = translations[language] as Record<string, string>;
    expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
    const apiSentences = API_KEYS.map((key) => apiMessage(language, key, { max: 140, min: 1, currency: 'GBP' }))
      .map((text) => text.replace(/\{\w+\}/g, '').trim())
      // Whole API sentences; a short phrase ("not found") may be the same words in a payer's page.
      .filter((text) => text.length >= 24);
    for (const [key, text] of Object.entries(table)) {
      expect(text, `${language} ${key}`).not.toMatch(API_WORDING);
      for (const sentence of apiSentences) expect(text, `${language} ${key}`).not.toContain(sentence);
    }
  });

  it.each(LANGUAGES)('%s says a sort code the bank data does not know cannot be found', (language) => {
    const page = pageOf(language);
    const [error] = fieldMessages([{ field: 'branch_code', code: 'sort_code_not_found' }], page);
    expect(error).toEqual({ field: 'branch_code', message: translations[language]['error.sort_code_not_found'] });
    const [format] = fieldMessages([{ field: 'branch_code', code: 'invalid_sort_code' }], page);
    expect(format!.message).toBe(translations[language]['error.sort_code_format']);
  });
});
