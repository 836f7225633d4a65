import type { Language } from './languages';

/** The parts of the tree that are messages (the mandate texts are whole legal texts: i18n/mandate.ts). */
export type MessagePart = 'flow' | 'dashboard' | 'api' | 'mail';

/**
 * The one missing-key policy: every key of English exists in every language, except the keys
 * listed here, which a language may leave out and then reads in English. The parity test
 * (test/unit/i18n-parity.test.ts) writes this list out again, so a key joins it only with a test
 * edit, and it fails when a listed key is translated everywhere after all.
 */
export const ENGLISH_FALLBACK = {
  flow: [],
  dashboard: [],
  api: [],
  mail: [],
} as const satisfies Record<MessagePart, readonly string[]>;

type Listed<P extends MessagePart> = (typeof ENGLISH_FALLBACK)[P][number];

/** One language's table for a part: every key, the part's listed fallback keys optional. */
export type Catalogue<K extends string, P extends MessagePart> = Record<Exclude<K, Listed<P>>, string> &
  Partial<Record<K & Listed<P>, string>>;

export type Params = Record<string, string | number>;

/** Replaces `{name}` placeholders with parameters; unknown placeholders are left as they are. */
export function interpolate(template: string, params: Params = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A part's message in one language, with its parameters filled in. */
export type Translate<K extends string> = (key: K, params?: Params) => string;

/**
 * The one lookup of every message part: the message in `language`, else English (only a key
 * ENGLISH_FALLBACK lists can be missing, by the types and the parity test), else the key itself
 * (a key nobody defined, such as one built from an unknown reason, stays visible, never a crash).
 */
export function createLookup<K extends string>(
  tables: Record<Language, Partial<Record<K, string>>>,
): (language: Language, key: K | string, params?: Params) => string {
  return (language, key, params) => {
    const message =
      (tables[language] as Partial<Record<string, string>>)[key] ?? (tables.en as Partial<Record<string, string>>)[key];
    return interpolate(message ?? key, params);
  };
}
