import { nextPossibleChargeDate, nextPossibleStandardAchChargeDate } from '../schemes/charge-dates';
import type { Scheme } from '../schemes/types';
import { compact, links, timestamp } from '../shared/serialize';
import type { MandateRow } from './types';

const CAN_CHARGE = new Set(['pending_customer_approval', 'pending_submission', 'submitted', 'active']);

/**
 * A mandate as the API shows it. `next_possible_charge_date` is computed from the scheme's lead
 * time at `now` (the injected clock), and is absent once the mandate cannot collect.
 */
export function serializeMandate(row: MandateRow, now: Date) {
  const scheme = row.scheme as Scheme;
  const canCharge = CAN_CHARGE.has(row.status);
  const active = row.status === 'active';
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    reference: row.reference,
    status: row.status,
    scheme: row.scheme,
    next_possible_charge_date: canCharge ? nextPossibleChargeDate(scheme, { now, mandateActive: active }) : null,
    next_possible_standard_ach_charge_date:
      canCharge && scheme === 'ach' ? nextPossibleStandardAchChargeDate({ now, mandateActive: active }) : null,
    payments_require_approval: false,
    authorisation_source: row.authorisation_source,
    consent_type: row.consent_type,
    consent_parameters: row.consent_parameters,
    funds_settlement: row.funds_settlement,
    mandate_type: row.mandate_type,
    verified_at: row.verified_at ? timestamp(row.verified_at) : null,
    metadata: row.metadata ?? {},
    links: links({
      creditor: row.creditor_id,
      customer: row.customer_id,
      customer_bank_account: row.customer_bank_account_id,
      new_mandate: row.new_mandate_id,
    }),
  });
}
