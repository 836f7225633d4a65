import { DomainError } from '../shared/errors';

/**
 * Spec, Restrictions in live: unless approved, an organisation may not create customers, bank
 * accounts or mandates itself (its payment pages must be approved), may not create creditors (it
 * must be a white-label partner), and may not use fallback or select_institution (it needs the
 * custom payment pages upgrade). The sandbox has no restrictions. Our own hosted pages are
 * compliant, so the payer flow is never restricted: these apply to API endpoints.
 */
export type LiveRestriction = 'payment_pages' | 'white_label' | 'custom_payment_pages';

export interface OrganisationApprovals {
  payment_pages_approved: boolean;
  white_label_partner: boolean;
  custom_payment_pages: boolean;
}

const APPROVAL: Record<LiveRestriction, keyof OrganisationApprovals> = {
  payment_pages: 'payment_pages_approved',
  white_label: 'white_label_partner',
  custom_payment_pages: 'custom_payment_pages',
};

export function requireLiveApproval(
  environment: 'sandbox' | 'live',
  restriction: LiveRestriction | undefined,
  organisation: OrganisationApprovals,
): void {
  if (environment !== 'live' || !restriction || organisation[APPROVAL[restriction]]) return;
  // A missing upgrade is a disabled feature; the other two are permissions the account lacks.
  throw new DomainError(restriction === 'custom_payment_pages' ? 'feature_disabled' : 'forbidden', {
    messageKey: `restriction.${restriction}`,
  });
}
