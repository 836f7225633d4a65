import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { RefundStatus } from './state';

export interface RefundRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  payment_id: string;
  mandate_id: string | null;
  amount: number;
  currency: string;
  reference: string | null;
  metadata: Metadata;
  status: RefundStatus;
  created_at: Date;
  updated_at: Date;
}

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
