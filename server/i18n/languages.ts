import { isLanguage, type Language } from '../domain/shared/languages';

// The list is domain data (a customer's language); negotiation from a header is the edge's.
export { LANGUAGES, isLanguage, type Language } from '../domain/shared/languages';

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
