import type { TimeRange } from '../shared/pagination';
export const BLOCK_TYPES = ['email', 'email_domain', 'bank_account', 'bank_name'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_REASONS = ['identity_fraud', 'no_intent_to_pay', 'unfair_chargeback', 'other'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export interface BlockRow {
  id: string;
  organisation_id: string;
  block_type: BlockType;
  reason_type: BlockReason;
  reason_description: string | null;
  resource_reference: string;
  match_value: string;
  status: 'active' | 'disabled';
  /** Derived from `status` by the database; what the API sends. */
  active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface CreateBlockInput {
  block_type?: BlockType | null;
  reason_type?: BlockReason | null;
  reason_description?: string | null;
  resource_reference?: string | null;
  active?: boolean | null;
}

export interface BlockFilters {
  blockType?: BlockType;
  reasonType?: BlockReason;
  createdAt?: TimeRange;
}
