import type { Language } from '../../shared/languages';
import type { Scheme } from '../types';
import { ACH } from './ach';
import { AUTOGIRO } from './autogiro';
import { BACS } from './bacs';
import { BECS } from './becs';
import { BECS_NZ } from './becs-nz';
import { BETALINGSSERVICE } from './betalingsservice';
import type { Consent, MandateText, MandateTextContext, MandateTexts, TextContext } from './common';
import { PAD } from './pad';
import { SEPA } from './sepa';

export type { MandateText, MandateTextContext } from './common';

/**
 * The debit schemes whose mandate the payer signs on our page. faster_payments (VRP) and pay_to
 * agreements are authorised in the payer's own bank journey instead (schemes.md § 4), so they
 * have no text of ours.
 */
const TEXTS: Partial<Record<Scheme, MandateTexts>> = {
  bacs: BACS,
  sepa_core: SEPA,
  ach: ACH,
  pad: PAD,
  becs: BECS,
  becs_nz: BECS_NZ,
  autogiro: AUTOGIRO,
  betalingsservice: BETALINGSSERVICE,
};

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
  const texts = TEXTS[scheme];
  if (!texts) return null;
  const name = context.creditorName.trim();
  const address = clean(context.creditorAddress);
  const email = clean(context.creditorEmail);
  const textContext: TextContext = {
    scheme,
    name,
    id: context.creditorIdentifier.trim(),
    ref: clean(context.reference),
    address,
    email,
    contact: [name, address, email].filter(Boolean).join(', '),
    amount: clean(context.amountDescription),
    // Without a stated consent type a mandate is for debits on the merchant's schedule.
    consent: CONSENTS[context.consentType ?? ''] ?? 'recurring',
    business: context.businessPad === true,
  };
  const draft = texts[language](textContext);
  return {
    title: draft.title,
    paragraphs: draft.paragraphs.filter((p): p is string => typeof p === 'string' && p.trim().length > 0),
    agreement: draft.agreement,
    logo: LOGOS[scheme] ?? null,
  };
}
