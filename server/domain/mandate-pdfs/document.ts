import type { CreditorRow } from '../creditors/types';
import { schemeIdentifierFor } from '../creditors/scheme-identifiers';
import { mandateText, type MandateText } from '../schemes/mandate-text';
import type { Scheme } from '../schemes/types';
import type { Language } from '../../../i18n/languages';

/** What a mandate PDF shows, in the payer's language; the edge lays it out (labels, fonts). */
export interface MandateDocument {
  language: Language;
  scheme: Scheme;
  /** The scheme's text, exactly as the confirmation step shows it. */
  text: MandateText;
  creditor: { name: string; address: string[]; identifier: string | null };
  payer: { name: string; company: string | null; address: string[]; email: string | null };
  account: { holder: string | null; ending: string | null; bank: string | null };
  reference: string | null;
  /** The day the payer signed (created the mandate), yyyy-mm-dd. */
  signatureDate: string | null;
}

/** The parties and details a document is made of, from a mandate or from the details given. */
export interface DocumentParts {
  language: Language;
  scheme: Scheme;
  creditor: CreditorRow;
  /** The creditor's identifier in the scheme (`identifierForMandate`); derived when not given. */
  creditorIdentifier?: string | null;
  payer: {
    given_name?: string | null;
    family_name?: string | null;
    company_name?: string | null;
    email?: string | null;
    address_line1?: string | null;
    address_line2?: string | null;
    address_line3?: string | null;
    city?: string | null;
    region?: string | null;
    postal_code?: string | null;
    country_code?: string | null;
  };
  account: { holder?: string | null; ending?: string | null; bank?: string | null };
  reference?: string | null;
  consentType?: string | null;
  signatureDate?: string | null;
}

const lines = (parts: (string | null | undefined)[]) =>
  parts.map((part) => part?.trim()).filter((part): part is string => Boolean(part));

/** The mandate text context built as the confirmation step builds it, so the two always agree. */
export function mandateDocument(parts: DocumentParts): MandateDocument | null {
  const { creditor, payer, scheme, language } = parts;
  const identifier =
    parts.creditorIdentifier !== undefined ? parts.creditorIdentifier : schemeIdentifierFor(creditor, scheme).reference;
  const text = mandateText(scheme, language, {
    creditorName: creditor.name,
    creditorAddress: lines([creditor.address_line1, creditor.city, creditor.postal_code]).join(', ') || null,
    creditorIdentifier: identifier ?? '',
    reference: parts.reference ?? null,
    consentType: parts.consentType ?? null,
    businessPad: Boolean(payer.company_name),
  });
  if (!text) return null;
  return {
    language,
    scheme,
    text,
    creditor: {
      name: creditor.name,
      address: lines([
        creditor.address_line1,
        creditor.address_line2,
        creditor.address_line3,
        creditor.city,
        creditor.region,
        creditor.postal_code,
        creditor.country_code,
      ]),
      identifier,
    },
    payer: {
      name: lines([payer.given_name, payer.family_name]).join(' ') || payer.company_name?.trim() || '',
      company: payer.company_name?.trim() || null,
      address: lines([
        payer.address_line1,
        payer.address_line2,
        payer.address_line3,
        payer.city,
        payer.region,
        payer.postal_code,
        payer.country_code,
      ]),
      email: payer.email?.trim() || null,
    },
    account: {
      holder: parts.account.holder ?? null,
      ending: parts.account.ending ?? null,
      bank: parts.account.bank ?? null,
    },
    reference: parts.reference ?? null,
    signatureDate: parts.signatureDate ?? null,
  };
}
