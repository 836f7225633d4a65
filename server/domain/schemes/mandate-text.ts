import type { Language } from '../../../i18n/languages';
import { MANDATE, type Consent, type MandateScheme, type TextContext } from '../../../i18n/mandate';
import type { Scheme } from './types';

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
  creditorPhone?: string | null;
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
  /** Plain-text paragraphs, in order (every section's, for a document that draws them in one run). */
  paragraphs: string[];
  /** The same paragraphs under their own headings (Bacs: the Instruction, then the Guarantee). */
  sections: { title: string; paragraphs: string[] }[];
  /** The one-line statement next to the confirm button ("By confirming, you authorise …"). */
  agreement: string;
  /** The scheme mark the page must show (bacs: the Direct Debit logo). */
  logo: 'direct_debit' | null;
}

/**
 * The debit schemes whose mandate the payer signs on our page (their texts: i18n/<lang>/mandate.ts).
 * faster_payments (VRP) and pay_to agreements are authorised in the payer's own bank journey
 * instead (schemes.md § 4), so they have no text of ours.
 */
const hasText = (scheme: Scheme): scheme is MandateScheme => scheme in MANDATE.en;

// Bacs requires the Direct Debit mark; Autogiro accepts the payee's own name in place of Bankgirot's.
const LOGOS: Partial<Record<Scheme, MandateText['logo']>> = { bacs: 'direct_debit' };

/** ACH one_off/recurring/standing and PAD single/recurring/sporadic onto one vocabulary. */
const CONSENTS: Record<string, Consent> = {
  one_off: 'single',
  single: 'single',
  recurring: 'recurring',
  standing: 'payer_initiated',
  sporadic: 'payer_initiated',
};

const clean = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The scheme's legal text in the payer's language, or null when the scheme has none of ours. */
export function mandateText(scheme: Scheme, language: Language, context: MandateTextContext): MandateText | null {
  if (!hasText(scheme)) return null;
  const name = context.creditorName.trim();
  const address = clean(context.creditorAddress);
  const email = clean(context.creditorEmail);
  const phone = clean(context.creditorPhone);
  const textContext: TextContext = {
    name,
    id: context.creditorIdentifier.trim(),
    ref: clean(context.reference),
    address,
    email,
    phone,
    contact: [name, address, email, phone].filter(Boolean).join(', '),
    amount: clean(context.amountDescription),
    // Without a stated consent type a mandate is for debits on the merchant's schedule.
    consent: CONSENTS[context.consentType ?? ''] ?? 'recurring',
    business: context.businessPad === true,
  };
  const draft = MANDATE[language][scheme](textContext);
  const kept = (paragraphs: Array<string | false | null>) =>
    paragraphs.filter((p): p is string => typeof p === 'string' && p.trim().length > 0);
  const sections = [
    ...(draft.lead ? [{ title: draft.lead.title, paragraphs: kept(draft.lead.paragraphs) }] : []),
    { title: draft.title, paragraphs: kept(draft.paragraphs) },
  ];
  return {
    title: draft.title,
    paragraphs: sections.flatMap((section) => section.paragraphs),
    sections,
    agreement: draft.agreement,
    logo: LOGOS[scheme] ?? null,
  };
}
