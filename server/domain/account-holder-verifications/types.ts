import type { RowOf } from '../shared/table';
import type { holderVerificationsTable } from './queries';

export const HOLDER_VERIFICATION_TYPES = ['confirmation_of_payee'] as const;
export type HolderVerificationType = (typeof HOLDER_VERIFICATION_TYPES)[number];

/** A row of `bank_account_holder_verifications` as stored: its table's declaration. */
export type HolderVerificationRow = RowOf<typeof holderVerificationsTable>;
