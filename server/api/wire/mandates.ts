import { z } from 'zod';
import type { MandateRequest } from '../../domain/billing-requests/types';
import { MANDATE_STATUSES } from '../../domain/mandates/state';
import type { MandateRow } from '../../domain/mandates/types';
import { nextPossibleChargeDate, nextPossibleStandardAchChargeDate } from '../../domain/schemes/charge-dates';
import { SCHEMES, type Scheme } from '../../domain/schemes/types';
import { linkWire, maybeTimestamp, metadataWire, present, timestamp } from './present';

const CAN_CHARGE = new Set(['pending_customer_approval', 'pending_submission', 'submitted', 'active']);

/** Public API `consent_parameters`: the mandate's view of the request's constraints. */
const consentParametersWire = z.strictObject({
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  max_amount_per_payment: z.number().int().nullable(),
  max_amount_per_period: z.number().int().nullable(),
  max_payments_per_period: z.number().int().nullable(),
  period: z.enum(['day', 'week', 'month', 'year', 'flexible']).nullable(),
  /** Not in the public API's: how the period is counted (docs/api-fidelity.md, extensions). */
  period_alignment: z.enum(['calendar', 'consent']).nullable(),
});

/** A mandate on the wire (public API `mandates`): every attribute, `null` when unset; `links` only those it has. */
export const mandateWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  reference: z.string(),
  status: z.enum(MANDATE_STATUSES),
  scheme: z.enum(SCHEMES),
  next_possible_charge_date: z.string().nullable(),
  next_possible_standard_ach_charge_date: z.string().nullable(),
  payments_require_approval: z.boolean(),
  authorisation_source: z.enum(['web', 'telephone', 'paper']).nullable(),
  consent_type: z.enum(['one_off', 'single', 'recurring', 'standing', 'sporadic']).nullable(),
  consent_parameters: consentParametersWire.nullable(),
  funds_settlement: z.enum(['managed', 'direct']),
  mandate_type: z.enum(['bank_debit', 'instant', 'recurring', 'vrp_commercial', 'vrp_sweeping']),
  verified_at: z.string().nullable(),
  metadata: metadataWire,
  links: z.strictObject({
    creditor: linkWire,
    customer: linkWire,
    customer_bank_account: linkWire,
    new_mandate: linkWire.optional(),
  }),
});

type MandateWire = z.output<typeof mandateWire>;
type Constraints = NonNullable<MandateRequest['constraints']>;

/**
 * The request's constraints as the public API's `consent_parameters`: its first periodic limit
 * gives the period fields (`creation_date` alignment is the API's `consent`); the free-text
 * `payment_method` and further limits have no place there and are not sent.
 */
function consentParametersOf(constraints: Constraints | null): MandateWire['consent_parameters'] {
  if (!constraints) return null;
  const limit = constraints.periodic_limits?.[0];
  type Wire = NonNullable<MandateWire['consent_parameters']>;
  return {
    start_date: constraints.start_date ?? null,
    end_date: constraints.end_date ?? null,
    max_amount_per_payment: constraints.max_amount_per_payment ?? null,
    max_amount_per_period: limit?.max_total_amount ?? null,
    max_payments_per_period: limit?.max_payments ?? null,
    period: (limit?.period ?? null) as Wire['period'],
    period_alignment: limit?.alignment ? (limit.alignment === 'calendar' ? 'calendar' : 'consent') : null,
  };
}

/**
 * A mandate as the API shows it. `next_possible_charge_date` is computed from the scheme's lead
 * time at `now` (the injected clock), and is null once the mandate cannot collect.
 */
export function serializeMandate(row: MandateRow, now: Date): MandateWire {
  const scheme = row.scheme as Scheme;
  const canCharge = CAN_CHARGE.has(row.status);
  const active = row.status === 'active';
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    reference: row.reference,
    status: row.status,
    scheme,
    next_possible_charge_date: canCharge ? nextPossibleChargeDate(scheme, { now, mandateActive: active }) : null,
    next_possible_standard_ach_charge_date:
      canCharge && scheme === 'ach' ? nextPossibleStandardAchChargeDate({ now, mandateActive: active }) : null,
    // No approval step exists for payments here.
    payments_require_approval: false,
    authorisation_source: row.authorisation_source as MandateWire['authorisation_source'],
    consent_type: row.consent_type as MandateWire['consent_type'],
    consent_parameters: consentParametersOf(row.consent_parameters as Constraints | null),
    funds_settlement: row.funds_settlement as MandateWire['funds_settlement'],
    mandate_type: row.mandate_type as MandateWire['mandate_type'],
    verified_at: maybeTimestamp(row.verified_at),
    metadata: row.metadata ?? {},
    links: present({
      creditor: row.creditor_id,
      customer: row.customer_id,
      customer_bank_account: row.customer_bank_account_id,
      new_mandate: row.new_mandate_id,
    }),
  };
}
