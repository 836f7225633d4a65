/** The customer languages of the spec (ISO 639-1). English is the fallback everywhere. */
export const LANGUAGES = ['en', 'fr', 'de', 'pt', 'es', 'it', 'nl', 'da', 'nb', 'sl', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
