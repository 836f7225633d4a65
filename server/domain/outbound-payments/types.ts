import type { RowOf } from '../shared/table';
import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { OutboundPaymentStatus } from './state';
import type { outboundPaymentsTable } from './queries';

/** A row of `outbound_payments` as stored: its table's declaration. */
export type OutboundPaymentRow = RowOf<typeof outboundPaymentsTable>;

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
