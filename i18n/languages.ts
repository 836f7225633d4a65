/**
 * The customer languages (ISO 639-1): the one list every part of the translation tree, the
 * domain (a customer's language) and the edges (negotiation) share.
 */
export const LANGUAGES = ['en', 'fr', 'de', 'pt', 'es', 'it', 'nl', 'da', 'nb', 'sl', 'sv'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Native names of the languages, for the language switcher. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  es: 'Español',
  it: 'Italiano',
  nl: 'Nederlands',
  da: 'Dansk',
  nb: 'Norsk bokmål',
  sl: 'Slovenščina',
  sv: 'Svenska',
};

// Norwegian is often sent as `no` or `nn`; both read Bokmål well.
const ALIASES: Record<string, Language> = { no: 'nb', nn: 'nb' };

/**
 * Picks the best supported language from an `Accept-Language` header (RFC 9110 quality values),
 * or English when the header is absent or names nothing we speak.
 */
export function negotiateLanguage(header: string | null | undefined): Language {
  if (!header) return 'en';
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.map((a) => a.trim()).find((a) => a.startsWith('q='));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return 'en';
    const primary = tag.split('-')[0] ?? '';
    if (isLanguage(primary)) return primary;
    const alias = ALIASES[primary];
    if (alias) return alias;
  }
  return 'en';
}

const ENGLISH_BY_COUNTRY: Record<string, string> = { US: 'en-US', CA: 'en-CA', AU: 'en-AU', NZ: 'en-NZ' };

/**
 * The locale dates, times and amounts are written in for a payer: their language as their country
 * writes it. English is British ("7 December 2026") unless the payer is in the US, Canada, Australia or New Zealand,
 * Portuguese European unless in Brazil; the other languages have one written form here.
 */
export function formattingLocale(language: Language, country?: string | null): string {
  if (language === 'en') return ENGLISH_BY_COUNTRY[country ?? ''] ?? 'en-GB';
  if (language === 'pt') return country === 'BR' ? 'pt-BR' : 'pt-PT';
  return language;
}

/**
 * A time of day as the locale writes it, with the zone named: in English GOV.UK's "3:13pm GMT"
 * (no leading zero, no "PM"), elsewhere the locale's own 24-hour form.
 */
export function formatTime(locale: string, instant: Date, timeZone: string): string {
  if (!locale.startsWith('en-')) {
    return new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone,
      timeZoneName: 'short',
    }).format(instant);
  }
  const parts = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${Number(part('hour'))}:${part('minute')}${part('dayPeriod').toLowerCase().replace(/\./g, '')} ${part('timeZoneName')}`;
}
