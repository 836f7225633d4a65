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

/**
 * What a list page reads of a block: its wire fields, not the organisation id and match value
 * every row repeats. Decoding rows is a large part of a list's cost, on PGlite above all (h-perf,
 * docs/benchmarks.md).
 */
export const LISTED_BLOCK_COLUMNS = [
  'id',
  'block_type',
  'reason_type',
  'reason_description',
  'resource_reference',
  'active',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof BlockRow)[];
export type ListedBlock = Pick<BlockRow, (typeof LISTED_BLOCK_COLUMNS)[number]>;

export interface BlockFilters {
  blockType?: BlockType;
  reasonType?: BlockReason;
  createdAt?: TimeRange;
}
