import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { PayoutStatus } from './state';

export interface PayoutRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  creditor_bank_account_id: string;
  currency: string;
  amount: number;
  deducted_fees: number;
  payout_type: 'merchant' | 'partner';
  reference: string;
  status: PayoutStatus;
  business_day: string;
  arrival_date: string | null;
  /** Paid in another currency (decision 0041): that currency, the rates and the converted amount. */
  fx_currency: string | null;
  estimated_exchange_rate: string | null;
  exchange_rate: string | null;
  fx_amount: number | null;
  /** The currency the taxes on its fees are due in, when they carry any. */
  tax_currency: string | null;
  metadata: Metadata;
  created_at: Date;
  updated_at: Date;
}

export interface PayoutFilters {
  createdAt?: TimeRange;
  creditor?: string;
  creditorBankAccount?: string;
  currency?: string;
  metadata?: Record<string, string>;
  payoutType?: string;
  reference?: string;
  status?: string;
}
