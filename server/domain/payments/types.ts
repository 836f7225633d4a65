import type { RowOf } from '../shared/table';
import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { paymentsTable } from './queries';

/** A row of `payments` as stored: its table's declaration. */
export type PaymentRow = RowOf<typeof paymentsTable>;

/** A payment to create, under a mandate or (instant bank payments) on the payer's authorisation. */
export interface NewPayment {
  amount: number;
  currency: string;
  chargeDate?: string | null;
  description?: string | null;
  reference?: string | null;
  metadata?: Metadata;
  appFee?: number | null;
  retryIfPossible?: boolean | null;
  fasterAch?: boolean | null;
  fundsSettlement?: 'managed' | 'direct' | null;
  subscriptionId?: string;
  instalmentScheduleId?: string;
}

export interface PaymentFilters {
  createdAt?: TimeRange;
  chargeDate?: { gt?: string; gte?: string; lt?: string; lte?: string };
  creditor?: string;
  currency?: string;
  customer?: string;
  mandate?: string;
  scheme?: string;
  status?: string;
  subscription?: string;
  instalmentSchedule?: string;
  /** The dashboard's search by reference (exact; the API has no such filter). */
  reference?: string;
}
