import type { HolderMatchResult } from './sandbox-names';

export const HOLDER_VERIFICATION_TYPES = ['confirmation_of_payee'] as const;
export type HolderVerificationType = (typeof HOLDER_VERIFICATION_TYPES)[number];

export interface HolderVerificationRow {
  id: string;
  organisation_id: string;
  customer_bank_account_id: string;
  type: HolderVerificationType;
  status: 'pending' | 'completed';
  result: HolderMatchResult | null;
  actual_account_name: string | null;
  reference: string | null;
  created_at: Date;
  updated_at: Date;
}
