import type { RowOf } from '../shared/table';
import type { Metadata } from '../shared/metadata';
import type { billingRequestsTable } from './queries';

export const BILLING_REQUEST_STATUSES = ['pending', 'ready_to_fulfil', 'fulfilling', 'fulfilled', 'cancelled'] as const;
export type BillingRequestStatus = (typeof BILLING_REQUEST_STATUSES)[number];

export const ACTION_TYPES = [
  'choose_currency',
  'collect_customer_details',
  'select_institution',
  'collect_bank_account',
  'confirm_payer_details',
  'bank_authorisation',
] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export interface MandateRequest {
  id: string;
  currency: string;
  scheme?: string | null;
  description?: string | null;
  reference?: string | null;
  metadata: Metadata;
  authorisation_source?: 'web' | 'telephone' | 'paper' | null;
  consent_type?: string | null;
  constraints?: {
    end_date?: string | null;
    start_date?: string | null;
    max_amount_per_payment?: number | null;
    payment_method?: string | null;
    periodic_limits?:
      | { period: string; max_total_amount?: number | null; max_payments?: number | null; alignment?: string | null }[]
      | null;
  } | null;
  funds_settlement: 'managed' | 'direct';
  sweeping?: boolean | null;
  verify: 'minimum' | 'recommended' | 'when_available' | 'always';
  payer_requested_dual_signature?: boolean;
}

export interface PaymentRequest {
  id: string;
  amount: number;
  currency: string;
  description?: string | null;
  app_fee?: number | null;
  funds_settlement: 'managed' | 'direct';
  metadata: Metadata;
  reference?: string | null;
  retry_if_possible: boolean;
  scheme?: string | null;
}

export interface SubscriptionRequest {
  id: string;
  amount: number;
  currency: string;
  app_fee?: number | null;
  count?: number | null;
  day_of_month?: number | null;
  interval: number;
  interval_unit: 'weekly' | 'monthly' | 'yearly';
  month?: string | null;
  name?: string | null;
  payment_reference?: string | null;
  retry_if_possible: boolean;
  start_date?: string | null;
  metadata: Metadata;
}

export interface InstalmentScheduleRequest {
  id: string;
  currency: string;
  name: string;
  total_amount: number;
  app_fee?: number | null;
  payment_reference?: string | null;
  retry_if_possible: boolean;
  instalments_with_dates?: { amount: number; charge_date: string | null; description?: string | null }[] | null;
  instalments_with_schedule?: {
    amounts: number[];
    interval: number;
    interval_unit: 'weekly' | 'monthly' | 'yearly';
    start_date?: string | null;
  } | null;
  metadata: Metadata;
}

export interface SelectedInstitution {
  id: string;
  name: string;
  icon_url: string;
  roles: string[];
  country_code: string;
}

/** A row of `billing_requests` as stored: its table's declaration. */
export type BillingRequestRow = RowOf<typeof billingRequestsTable>;
