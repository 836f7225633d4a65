import { z } from 'zod';
import { HOLDER_MATCH_RESULTS } from '../../domain/account-holder-verifications/sandbox-names';
import { HOLDER_VERIFICATION_STATUSES } from '../../domain/account-holder-verifications/state';
import { HOLDER_VERIFICATION_TYPES, type HolderVerificationRow } from '../../domain/account-holder-verifications/types';
import { present } from './present';

/** A confirmation-of-payee check on the wire (public API `bank_account_holder_verifications`). */
export const holderVerificationWire = z.strictObject({
  id: z.string(),
  type: z.enum(HOLDER_VERIFICATION_TYPES),
  status: z.enum(HOLDER_VERIFICATION_STATUSES),
  result: z.enum(HOLDER_MATCH_RESULTS).optional(),
  // The spec: populated only on a partial match, null otherwise.
  actual_account_name: z.string().nullable(),
  reference: z.string().optional(),
});

export function serializeHolderVerification(row: HolderVerificationRow): z.output<typeof holderVerificationWire> {
  return {
    ...present<Omit<z.output<typeof holderVerificationWire>, 'actual_account_name'>>({
      id: row.id,
      type: row.type,
      status: row.status,
      result: row.result,
      reference: row.reference,
    }),
    actual_account_name: row.actual_account_name,
  };
}
