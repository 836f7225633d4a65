import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { RowOf } from '../shared/table';
import type { refundsTable } from './queries';

/** A refund as stored: its table's declaration (queries.ts). */
export type RefundRow = RowOf<typeof refundsTable>;

export interface NewRefund {
  amount: number;
  /** The total refunded on the payment including this refund, as the merchant believes it is. */
  totalAmountConfirmation?: number | null;
  reference?: string | null;
  metadata?: Metadata;
}

export interface RefundFilters {
  createdAt?: TimeRange;
  payment?: string;
  mandate?: string;
  /** `payment`: refunds of a payment (all of ours); `mandate`: refunds against a mandate alone (none). */
  refundType?: 'payment' | 'mandate';
}
