import { describe, expect, it } from 'vitest';
import { createLookup, interpolate } from '../../i18n/lookup';

/** The one lookup every message part uses: the language, then English, then the key; interpolation. */
describe('i18n lookup', () => {
  const english = { hello: 'Hello {name}', bye: 'Bye' };
  const tables = { en: english, fr: { hello: 'Bonjour {name}' } } as const;
  const lookup = createLookup<keyof typeof english>({
    en: english,
    fr: tables.fr,
    de: english,
    pt: english,
    es: english,
    it: english,
    nl: english,
    da: english,
    nb: english,
    sl: english,
    sv: english,
  });

  it('answers in the language, falls back to English, then to the key itself', () => {
    expect(lookup('fr', 'hello', { name: 'Ana' })).toBe('Bonjour Ana');
    expect(lookup('fr', 'bye')).toBe('Bye');
    expect(lookup('de', 'hello', { name: 'Jo' })).toBe('Hello Jo');
    expect(lookup('en', 'unknown.key')).toBe('unknown.key');
  });

  it('fills known placeholders and leaves unknown ones as written', () => {
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(interpolate('{a}{a}', { a: 'x' })).toBe('xx');
  });
});
