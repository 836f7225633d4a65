import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { PaymentStatus } from './state';

export interface PaymentRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  mandate_id: string | null;
  subscription_id: string | null;
  instalment_schedule_id: string | null;
  amount: number;
  amount_refunded: number;
  app_fee: number | null;
  currency: string;
  charge_date: string | null;
  description: string | null;
  reference: string | null;
  scheme: string;
  status: PaymentStatus;
  metadata: Metadata;
  retry_if_possible: boolean;
  faster_ach: boolean | null;
  funds_settlement: string;
  /** The payout that paid it out (`links.payout`). */
  payout_id: string | null;
  created_at: Date;
  updated_at: Date;
}

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
