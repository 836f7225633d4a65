import { z } from 'zod';
import { HOLDER_MATCH_RESULTS } from '../../domain/account-holder-verifications/sandbox-names';
import { HOLDER_VERIFICATION_STATUSES } from '../../domain/account-holder-verifications/state';
import { HOLDER_VERIFICATION_TYPES, type HolderVerificationRow } from '../../domain/account-holder-verifications/types';

/**
 * A confirmation-of-payee check on the wire (public API `bank_account_holder_verifications`): every
 * field, `result` null while pending (decision 0076). `reference` is an extension: the caller's own
 * label, echoed (docs/api-fidelity.md).
 */
export const holderVerificationWire = z.strictObject({
  id: z.string(),
  type: z.enum(HOLDER_VERIFICATION_TYPES),
  status: z.enum(HOLDER_VERIFICATION_STATUSES),
  result: z.enum(HOLDER_MATCH_RESULTS).nullable(),
  // The spec: populated only on a partial match, null otherwise.
  actual_account_name: z.string().nullable(),
  reference: z.string().nullable(),
});

export function serializeHolderVerification(row: HolderVerificationRow): z.output<typeof holderVerificationWire> {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    result: row.result ?? null,
    actual_account_name: row.actual_account_name,
    reference: row.reference ?? null,
  };
}
