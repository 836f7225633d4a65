import type { Metadata } from '../shared/metadata';
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
  created_at: Date;
  updated_at: Date;
}
