import type { CreditorRow } from '../creditors/types';
import type { Environment } from '../shared/context';
import { DomainError } from '../shared/errors';
import type { Scheme } from './types';

/**
 * Schemes whose mandate must tell the payer how to reach the creditor: ACH names the originator's
 * phone or email (Nacha, Reg E), PAD the payee's contact for inquiries and recourse (Rule H1),
 * schemes.md § 4. A name and address alone are not enough for either.
 */
const CONTACT_SCHEMES: ReadonlySet<Scheme> = new Set(['ach', 'pad']);

/**
 * What the sandbox's texts name for a creditor that gave no contact, so a journey can be tried
 * before the creditor has one (decision 0084). A reserved domain: nobody receives it.
 */
const SANDBOX_CONTACT_EMAIL = 'payer-enquiries@sandbox.example';

interface SchemeContact {
  email: string | null;
  phone: string | null;
}

const given = (value: string | null | undefined) => value?.trim() || null;

/**
 * How the scheme's text reaches the creditor: its own email and phone; in the sandbox, a scheme that
 * needs one and has neither gets the sandbox's. Null in live when the scheme needs one and there is
 * none: such a creditor cannot take the scheme's mandates (see `billing-requests/service.ts`).
 */
export function schemeContact(
  creditor: Pick<CreditorRow, 'email' | 'phone_number'>,
  scheme: Scheme,
  environment: Environment,
): SchemeContact | null {
  const contact = { email: given(creditor.email), phone: given(creditor.phone_number) };
  if (contact.email || contact.phone || !CONTACT_SCHEMES.has(scheme)) return contact;
  return environment === 'live' ? null : { email: SANDBOX_CONTACT_EMAIL, phone: null };
}

/**
 * Refuses, in live, what would make a mandate of `scheme` for a creditor without the contact the
 * scheme needs: `creditor_contact_required` at `links.creditor` (422, validation_failed).
 */
export function requireSchemeContact(
  creditor: Pick<CreditorRow, 'email' | 'phone_number'>,
  scheme: Scheme,
  environment: Environment,
): void {
  if (schemeContact(creditor, scheme, environment)) return;
  throw new DomainError('creditor_contact_required', {
    params: { scheme },
    fields: [{ field: 'links.creditor', code: 'creditor_contact_required', params: { scheme }, metadata: { scheme } }],
  });
}
