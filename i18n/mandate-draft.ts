/**
 * What a language's mandate texts are written against (i18n/<lang>/mandate.ts): the context as
 * the templates read it and the draft they return. The domain builds the context
 * (server/domain/schemes/mandate-text.ts); the texts are legal texts, kept whole per scheme.
 */

/**
 * How the payer consents: once, on a schedule, or each debit on the payer's own later action.
 * ACH one_off / recurring / standing and PAD single / recurring / sporadic map onto these.
 */
export type Consent = 'single' | 'recurring' | 'payer_initiated';

/** The schemes whose mandate the payer signs on our page (i18n/mandate.ts says what each must say). */
export const MANDATE_SCHEMES = [
  'bacs',
  'sepa_core',
  'ach',
  'pad',
  'becs',
  'becs_nz',
  'autogiro',
  'betalingsservice',
] as const;
export type MandateScheme = (typeof MANDATE_SCHEMES)[number];

/** The context as the language templates read it: trimmed, absent values as null. */
export interface TextContext {
  /** Creditor (service user, payee, originator, initiator) name. */
  name: string;
  /** The creditor's scheme identifier, verbatim. */
  id: string;
  ref: string | null;
  address: string | null;
  email: string | null;
  phone: string | null;
  /** Name, address, e-mail and phone of the creditor on one line, comma-separated. */
  contact: string;
  amount: string | null;
  consent: Consent;
  business: boolean;
}

/** A template's output: paragraphs may be left out with `false`/`null`; empty ones are dropped. */
export interface Draft {
  /** A part with its own heading before the titled one (Bacs: the Instruction before the Guarantee). */
  lead?: { title: string; paragraphs: Array<string | false | null> };
  title: string;
  paragraphs: Array<string | false | null>;
  agreement: string;
}

/** One language's mandate texts: every scheme of ours, or the language does not compile. */
export type MandateCatalogue = Record<MandateScheme, (c: TextContext) => Draft>;

/** Joins sentences into a paragraph, skipping the absent ones. */
export const join = (...sentences: Array<string | false | null | undefined>): string =>
  sentences.filter((s): s is string => typeof s === 'string' && s.length > 0).join(' ');

/** The sentence for the payer's kind of consent; all three must be written. */
export const byConsent = (consent: Consent, texts: Record<Consent, string>): string => texts[consent];

/** ` (value)` when there is a value, else nothing: for an optional e-mail after a name. */
export const inParens = (value: string | null): string => (value ? ` (${value})` : '');
