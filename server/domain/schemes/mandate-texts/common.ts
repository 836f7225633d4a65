import type { Language } from '../../shared/languages';
import type { Scheme } from '../types';

/** What the confirmation step knows about the creditor and the mandate (see `mandateText`). */
export interface MandateTextContext {
  creditorName: string;
  /** One line, may be absent. */
  creditorAddress?: string | null;
  /**
   * SUN (bacs), SEPA Creditor Identifier, Bankgiro number, PBS number, Direct Entry User ID,
   * NZ authorisation code, ACH company id, PAD payee id.
   */
  creditorIdentifier: string;
  creditorEmail?: string | null;
  /** Mandate reference when known (after fulfilment); otherwise the text omits it or says it follows by e-mail. */
  reference?: string | null;
  /** ACH: one_off | recurring | standing; PAD: single | recurring | sporadic. */
  consentType?: string | null;
  /** PAD: Business vs Personal (company_name present). */
  businessPad?: boolean;
  /** e.g. "£10.00 monthly" or "variable amounts"; optional. */
  amountDescription?: string | null;
}

/** The scheme's legal text as the payer sees it next to the confirm button. */
export interface MandateText {
  /** e.g. "The Direct Debit Guarantee", "SEPA Direct Debit Mandate (Core)". */
  title: string;
  /** Plain-text paragraphs, in order. */
  paragraphs: string[];
  /** The one-line statement next to the confirm button ("By confirming, you authorise …"). */
  agreement: string;
  /** The scheme mark the page must show (bacs: the Direct Debit logo). */
  logo: 'direct_debit' | null;
}

/**
 * How the payer consents: once, on a schedule, or each debit on the payer's own later action.
 * ACH one_off / recurring / standing and PAD single / recurring / sporadic map onto these.
 */
export type Consent = 'single' | 'recurring' | 'payer_initiated';

/** The context as the language templates read it: trimmed, absent values as null. */
export interface TextContext {
  scheme: Scheme;
  /** Creditor (service user, payee, originator, initiator) name. */
  name: string;
  /** The creditor's scheme identifier, verbatim. */
  id: string;
  ref: string | null;
  address: string | null;
  email: string | null;
  /** Name, address and e-mail of the creditor on one line, comma-separated. */
  contact: string;
  amount: string | null;
  consent: Consent;
  business: boolean;
}

/** A template's output: paragraphs may be left out with `false`/`null`; empty ones are dropped. */
export interface Draft {
  title: string;
  paragraphs: Array<string | false | null>;
  agreement: string;
}

/** One scheme family's text in every customer language: a missing language does not compile. */
export type MandateTexts = Record<Language, (c: TextContext) => Draft>;

/** Joins sentences into a paragraph, skipping the absent ones. */
export const join = (...sentences: Array<string | false | null | undefined>): string =>
  sentences.filter((s): s is string => typeof s === 'string' && s.length > 0).join(' ');

/** The sentence for the payer's kind of consent; all three must be written. */
export const byConsent = (consent: Consent, texts: Record<Consent, string>): string => texts[consent];

/** ` (value)` when there is a value, else nothing: for an optional e-mail after a name. */
export const inParens = (value: string | null): string => (value ? ` (${value})` : '');
