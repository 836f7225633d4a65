import type { Queryable } from '../../db/db';
import { requireSchemeContact } from '../schemes/contact';
import type { BankAccountRow } from '../bank-accounts/types';
import { findMatchingBlock } from '../blocks/queries';
import type { CreditorRow } from '../creditors/types';
import type { CustomerRow } from '../customers/types';
import { recordEvent } from '../events/queries';
import { generateMandateReference, validateMandateReference } from '../schemes/references';
import { CURRENCY_OF_SCHEME, type Scheme } from '../schemes/types';
import type { Actor } from '../shared/actor';
import type { DomainContext } from '../shared/context';
import { DomainError, validationFailed, type FieldIssue } from '../shared/errors';
import type { Metadata } from '../shared/metadata';
import { bookFollowUps } from '../shared/state-machine';
import { isUniqueViolation } from '../../db/sql';
import { findActiveIdentifier } from '../scheme-identifiers/queries';
import { identifierSchemeOf } from '../scheme-identifiers/types';
import { insertMandate, isReferenceTaken } from './queries';
import { ACTIVATION, MANDATE_MACHINE, type MandateStatus } from './state';
import type { MandateRow } from './types';

/** Everything a new mandate is made from: POST /mandates and billing request fulfilment alike. */
export interface MandateSetup {
  creditor: CreditorRow;
  customer: CustomerRow;
  bankAccount: BankAccountRow;
  scheme: Scheme;
  reference?: string | null;
  metadata?: Metadata;
  authorisationSource?: 'web' | 'telephone' | 'paper' | null;
  payerIpAddress?: string | null;
  consentType?: string | null;
  consentParameters?: Record<string, unknown> | null;
  fundsSettlement?: 'managed' | 'direct' | null;
  mandateType?: string;
  verified?: boolean;
  /** Already in force with another provider (a mandate import): active at once, nothing to submit. */
  imported?: boolean;
}

/** The setup's own rules: the scheme's currency, ACH's payer details, the scheme's reference format. */
export function checkSetup(setup: MandateSetup): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (CURRENCY_OF_SCHEME[setup.scheme] !== setup.bankAccount.currency) {
    issues.push({
      field: 'scheme',
      code: 'scheme_currency_mismatch',
      params: { currency: setup.bankAccount.currency },
    });
  }
  if (setup.scheme === 'ach') {
    const offline = setup.authorisationSource === 'telephone' || setup.authorisationSource === 'paper';
    // An imported mandate was authorised with its old provider, who kept the payer's IP address.
    if (!offline && !setup.payerIpAddress && !setup.imported)
      issues.push({ field: 'payer_ip_address', code: 'required' });
  } else {
    if (setup.authorisationSource) issues.push({ field: 'authorisation_source', code: 'ach_only' });
    if (setup.payerIpAddress) issues.push({ field: 'payer_ip_address', code: 'ach_only' });
  }
  if (setup.reference && !validateMandateReference(setup.scheme, setup.reference)) {
    issues.push({ field: 'reference', code: 'invalid_mandate_reference' });
  }
  return issues;
}

/** An address a letter could reach: a first line, a town and a postcode. */
const hasPostalAddress = (creditor: CreditorRow): boolean =>
  Boolean(creditor.address_line1?.trim() && creditor.city?.trim() && creditor.postal_code?.trim());

/**
 * The reference asked for, refused if taken; without one, a generated one no mandate of the
 * creditor has. A reference asked for is checked once and never replaced: checking it again in the
 * generating loop let a mandate made at the same moment turn "taken" into a silently generated
 * reference (two mandates made of six requests for one reference). The insert's unique constraint
 * answers the race the check cannot see.
 */
async function chooseReference(tx: Queryable, setup: MandateSetup): Promise<string> {
  const { creditor, scheme } = setup;
  if (setup.reference) {
    if (await isReferenceTaken(tx, creditor.id, scheme, setup.reference))
      throw validationFailed([{ field: 'reference', code: 'taken' }]);
    return setup.reference;
  }
  let reference: string;
  do {
    reference = generateMandateReference(scheme, undefined, creditor.bank_reference_prefix ?? undefined);
  } while (await isReferenceTaken(tx, creditor.id, scheme, reference));
  return reference;
}

const recordMandateEvent = (
  tx: Queryable,
  ctx: DomainContext,
  actor: Actor,
  mandate: MandateRow,
  action: string,
  cause: string,
  links: Record<string, string> = {},
) =>
  recordEvent(tx, ctx, {
    organisationId: mandate.organisation_id,
    resourceType: 'mandates',
    action,
    // The resource itself (filters by id return its own events), plus what it was made on.
    links: { mandate: mandate.id, ...links },
    details: {
      origin: actor.origin,
      cause,
      description: `Mandate ${action.replace(/_/g, ' ')}.`,
      scheme: mandate.scheme,
    },
    resourceMetadata: mandate.metadata,
    source: actor.source,
  });

/**
 * Creates a mandate in the caller's transaction: refused if the setup breaks a rule, the account is
 * disabled, the customer removed or a block matches. Active at once for schemes the payer
 * authorises at their bank; booked for submission for schemes activated separately.
 */
export async function createMandate(
  tx: Queryable,
  ctx: DomainContext,
  actor: Actor,
  setup: MandateSetup,
): Promise<MandateRow> {
  const issues = checkSetup(setup);
  // Bacs puts the service user's name and address on every mandate page and in its notices
  // (schemes.md §4): in live, a creditor without a postal address cannot take a Bacs mandate.
  if (ctx.environment === 'live' && setup.scheme === 'bacs' && !hasPostalAddress(setup.creditor))
    issues.push({ field: 'links.creditor', code: 'creditor_address_required' });
  if (issues.length) throw validationFailed(issues);
  // ACH and PAD texts must say how to reach the creditor: none, no live mandate (decision 0084).
  requireSchemeContact(setup.creditor, setup.scheme, ctx.environment);
  // A live mandate is taken under the creditor's registered identifier in its scheme (decision 0036).
  if (
    ctx.environment === 'live' &&
    !(await findActiveIdentifier(tx, setup.creditor.id, identifierSchemeOf(setup.scheme)))
  ) {
    const scheme = identifierSchemeOf(setup.scheme);
    throw new DomainError('scheme_identifier_not_active', { params: { scheme }, metadata: { scheme } });
  }
  if (!setup.bankAccount.enabled) throw new DomainError('bank_account_disabled');
  if (setup.customer.removed_at) throw new DomainError('customer_data_removed');
  const block = await findMatchingBlock(tx, actor.organisationId, setup.customer, setup.bankAccount);
  if (block) throw new DomainError('mandate_blocked', { links: { block: block.id } });
  const reference = await chooseReference(tx, setup);

  const now = ctx.clock.now();
  const instant = setup.imported === true || ACTIVATION[setup.scheme] === 'authorisation';
  const status: MandateStatus = instant ? 'active' : 'pending_submission';
  const mandate = await insertMandate(tx, {
    id: ctx.ids('mandate'),
    organisation_id: actor.organisationId,
    creditor_id: setup.creditor.id,
    customer_id: setup.customer.id,
    customer_bank_account_id: setup.bankAccount.id,
    scheme: setup.scheme,
    status,
    reference,
    metadata: setup.metadata ?? {},
    authorisation_source: setup.authorisationSource ?? null,
    consent_type: setup.consentType ?? null,
    consent_parameters: setup.consentParameters ?? null,
    funds_settlement: setup.fundsSettlement ?? 'managed',
    mandate_type: setup.mandateType ?? 'bank_debit',
    payer_ip_address: setup.payerIpAddress ?? null,
    verified_at: setup.verified ? now : null,
    created_at: now,
  }).catch((error: unknown) => {
    // Made at once with another mandate of the same reference: neither saw the other in the check
    // above, the unique constraint did. The same answer as the check's, not a failure.
    if (isUniqueViolation(error, 'mandates_creditor_id_scheme_reference_key'))
      throw validationFailed([{ field: 'reference', code: 'taken' }]);
    throw error;
  });
  await recordMandateEvent(tx, ctx, actor, mandate, 'created', 'mandate_created', {
    customer_bank_account: setup.bankAccount.id,
  });
  if (instant) await recordMandateEvent(tx, ctx, actor, mandate, 'active', 'mandate_activated');
  await bookFollowUps(tx, ctx, MANDATE_MACHINE, 'created', mandate);
  return mandate;
}
