import { describe, expect, it } from 'vitest';
import { createLookup, interpolate } from '../../server/i18n/core';

/** The one i18n core both catalogues use: lookup, fallback to English, then the key; interpolation. */
describe('i18n core', () => {
  const lookup = createLookup({ fr: { hello: 'Bonjour {name}' } }, { hello: 'Hello {name}', bye: 'Bye' });

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
