import { hkdfSync } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import type { Queryable } from '../../db/db';
import type { BankAccountService } from '../bank-accounts/service';
import type { CreditorService } from '../creditors/service';
import type { CreditorRow } from '../creditors/types';
import { identifierForMandate } from '../scheme-identifiers/service';
import type { CustomerService } from '../customers/service';
import type { MandateService } from '../mandates/service';
import { DEFAULT_SCHEME_FOR_CURRENCY, type Scheme } from '../schemes/types';
import { currencyOfCountry } from '../schemes/bank-details/countries';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, isDomainError, validationFailed } from '../shared/errors';
import type { Language } from '../../../i18n/languages';
import { asLink } from '../shared/lookup';
import { mandateDocument, type DocumentParts, type MandateDocument } from './document';

/** How long a mandate PDF's link works: long enough to open it, too short to be worth keeping. */
export const MANDATE_PDF_LINK_LIFETIME_MS = 30 * 60_000;

/** `POST /mandate_pdfs`: a mandate by its link, or the details of one not yet made. */
export interface MandatePdfInput {
  links?: { mandate?: string | null; creditor?: string | null } | null;
  scheme?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  company_name?: string | null;
  address_line1?: string | null;
  address_line2?: string | null;
  address_line3?: string | null;
  city?: string | null;
  region?: string | null;
  postal_code?: string | null;
  country_code?: string | null;
  account_holder_name?: string | null;
  account_number?: string | null;
  iban?: string | null;
  mandate_reference?: string | null;
  signature_date?: string | null;
}

/**
 * The scheme of details given without one, as the real API reads them: the account's country (an
 * IBAN's own, else `country_code`) gives its currency, and the currency its batch scheme (a GB
 * account is bacs). An IBAN of a country we cannot tell stays sepa_core, as before.
 */
function schemeOfAccount(input: MandatePdfInput): Scheme | null {
  const country = (input.iban?.slice(0, 2) || input.country_code || '').toUpperCase();
  const currency = country ? currencyOfCountry(country) : undefined;
  if (currency) return DEFAULT_SCHEME_FOR_CURRENCY[currency];
  return input.iban ? 'sepa_core' : null;
}

/** What the sealed link carries: never a full account number, only what the page shows. */
interface LinkClaims {
  org: string;
  lang: Language;
  mandate?: string;
  creditor?: string;
  details?: Omit<DocumentParts, 'creditor' | 'creditorIdentifier' | 'language'>;
}

/** The schemes whose mandate the payer signs on our pages (faster_payments and pay_to are signed at the bank). */
const SCHEMES: Scheme[] = ['ach', 'autogiro', 'bacs', 'becs', 'becs_nz', 'betalingsservice', 'pad', 'sepa_core'];
const notSigned = (field: string) =>
  new DomainError('request_type_not_supported_by_scheme', {
    fields: [{ field, code: 'invalid_choice', params: { values: SCHEMES.join(', ') } }],
  });
const ending = (value: string | null | undefined) => (value ? value.replace(/\s/g, '').slice(-2) : null);

/**
 * Mandate PDFs. The answer is a link, not a file: the link's token is encrypted and authenticated
 * (JWE, a key derived from the server's sealing secret) and expires, so it needs no API token to
 * open, cannot be guessed or altered, and reveals nothing of the payer to whoever sees the URL.
 * The PDF is made when the link is opened, from the mandate as it is then.
 */
export function createMandatePdfService(
  ctx: DomainContext,
  deps: {
    sealingSecret: string;
    mandates: MandateService;
    customers: CustomerService;
    bankAccounts: BankAccountService;
    creditors: CreditorService;
  },
) {
  const key = new Uint8Array(hkdfSync('sha256', deps.sealingSecret, 'mandate-pdf', 'bankflow mandate pdf links', 32));

  async function seal(claims: LinkClaims) {
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + MANDATE_PDF_LINK_LIFETIME_MS);
    const token = await new EncryptJWT({ ...claims })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .encrypt(key);
    return { url: `${ctx.publicUrl}/mandate_pdfs/files/${token}`, expires_at: expiresAt };
  }

  function detailsOf(input: MandatePdfInput): LinkClaims['details'] {
    const scheme = input.scheme ?? schemeOfAccount(input);
    if (!scheme) throw validationFailed([{ field: 'scheme', code: 'required' }]);
    if (!SCHEMES.includes(scheme as Scheme))
      throw validationFailed([{ field: 'scheme', code: 'invalid_choice', params: { values: SCHEMES.join(', ') } }]);
    return {
      scheme: scheme as Scheme,
      payer: {
        given_name: input.given_name,
        family_name: input.family_name,
        company_name: input.company_name,
        address_line1: input.address_line1,
        address_line2: input.address_line2,
        address_line3: input.address_line3,
        city: input.city,
        region: input.region,
        postal_code: input.postal_code,
        country_code: input.country_code,
      },
      account: { holder: input.account_holder_name, ending: ending(input.iban ?? input.account_number) },
      reference: input.mandate_reference,
      signatureDate: input.signature_date,
    };
  }

  /** The creditor's active identifier in the scheme; none in live leaves the line empty. */
  async function identifierOrNull(db: Queryable, creditor: CreditorRow, scheme: Scheme): Promise<string | null> {
    try {
      return (await identifierForMandate(db, ctx.environment, creditor, scheme)).reference;
    } catch (error) {
      if (isDomainError(error) && error.reason === 'scheme_identifier_not_active') return null;
      throw error;
    }
  }

  /** The document a mandate makes: its customer, account and creditor as they are now. */
  async function fromMandate(db: Queryable, actor: Actor, id: string, language: Language) {
    const mandate = await deps.mandates.get(db, actor, id);
    const customer = await deps.customers.get(db, actor, mandate.customer_id);
    const account = await deps.bankAccounts.get(db, actor, mandate.customer_bank_account_id);
    const creditor = await deps.creditors.get(db, actor, mandate.creditor_id);
    return mandateDocument({
      language,
      scheme: mandate.scheme as Scheme,
      creditor,
      creditorIdentifier: await identifierOrNull(db, creditor, mandate.scheme as Scheme),
      payer: customer,
      account: { holder: account.account_holder_name, ending: account.account_number_ending, bank: account.bank_name },
      reference: mandate.reference,
      consentType: mandate.consent_type,
      signatureDate: mandate.created_at.toISOString().slice(0, 10),
    });
  }

  return {
    /** A link to the PDF, in `language`; the mandate must be the caller's (404 otherwise). */
    async create(db: Queryable, actor: Actor, input: MandatePdfInput, language: Language) {
      const mandateId = input.links?.mandate;
      if (mandateId) {
        const mandate = await asLink('mandate', () => deps.mandates.get(db, actor, mandateId));
        if (!SCHEMES.includes(mandate.scheme as Scheme)) throw notSigned('links.mandate');
        return seal({ org: actor.organisationId, lang: language, mandate: mandateId });
      }
      const details = detailsOf(input);
      const creditor = await deps.creditors.resolve(db, actor, input.links?.creditor);
      return seal({ org: actor.organisationId, lang: language, creditor: creditor.id, details });
    },

    /** The same link for the payer's success page (a read: nothing is written). */
    linkForPayer: (actor: Actor, mandateId: string, language: Language) =>
      seal({ org: actor.organisationId, lang: language, mandate: mandateId }),

    /** The document behind a link, or null when the link is expired, altered or not ours. */
    async open(db: Queryable, token: string): Promise<MandateDocument | null> {
      let claims: LinkClaims;
      try {
        const { payload } = await jwtDecrypt(token, key, { currentDate: ctx.clock.now() });
        claims = payload as unknown as LinkClaims;
      } catch {
        return null;
      }
      // A read for the organisation the link was made for; it writes nothing, so no event names it.
      const actor: Actor = { organisationId: claims.org, origin: 'gocardless', source: { type: 'gc_team' } };
      try {
        if (claims.mandate) return await fromMandate(db, actor, claims.mandate, claims.lang);
        if (!claims.details || !claims.creditor) return null;
        const creditor = await deps.creditors.get(db, actor, claims.creditor);
        const creditorIdentifier = await identifierOrNull(db, creditor, claims.details.scheme);
        return mandateDocument({ ...claims.details, creditor, creditorIdentifier, language: claims.lang });
      } catch (error) {
        // The mandate, its customer or account is gone since the link was made.
        if (isDomainError(error)) return null;
        throw error;
      }
    },
  };
}
