import type { HolderMatchResult } from '../account-holder-verifications/sandbox-names';
import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { OutboundPaymentStatus } from './state';

export interface OutboundPaymentRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  recipient_bank_account_id: string;
  customer_id: string | null;
  outbound_payment_import_id: string | null;
  is_withdrawal: boolean;
  amount: number;
  currency: string;
  scheme: string;
  description: string | null;
  reference: string | null;
  /** `YYYY-MM-DD` on the Faster Payments calendar (Europe/London). */
  execution_date: string;
  status: OutboundPaymentStatus;
  recipient_name: string;
  verification_result: HolderMatchResult | null;
  verification_actual_name: string | null;
  created_by_token_id: string;
  approved_by_token_id: string | null;
  metadata: Metadata;
  created_at: Date;
  updated_at: Date;
}

/** What a merchant sends to create an outbound payment or a withdrawal (the recipient aside). */
export interface OutboundPaymentInput {
  amount: number;
  scheme: string;
  description?: string | null;
  reference?: string | null;
  execution_date?: string | null;
  metadata?: Metadata;
}

export interface OutboundPaymentFilters {
  status?: OutboundPaymentStatus;
  createdFrom?: Date;
  createdTo?: Date;
  createdAt?: TimeRange;
}

/** `GET /outbound_payments/stats`: how many and how much per status. */
export type OutboundPaymentStats = Record<OutboundPaymentStatus, { count: number; amount: number }>;
