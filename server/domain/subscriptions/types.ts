import type { MONTHS } from '../billing-requests/codes';
import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';

/** Subscription states (public API's `SubscriptionStatus`). */
export const SUBSCRIPTION_STATUSES = [
  'pending_customer_approval',
  'customer_approval_denied',
  'active',
  'finished',
  'cancelled',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INTERVAL_UNITS = ['weekly', 'monthly', 'yearly'] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export type Month = (typeof MONTHS)[number];

/** A subscription row, with its mandate's scheme joined in (it picks the working-day calendar). */
export interface SubscriptionRow {
  id: string;
  organisation_id: string;
  mandate_id: string;
  amount: number;
  app_fee: number | null;
  count: number | null;
  currency: string;
  day_of_month: number | null;
  interval: number;
  interval_unit: IntervalUnit;
  month: Month | null;
  name: string | null;
  payment_reference: string | null;
  retry_if_possible: boolean;
  start_date: string;
  end_date: string | null;
  status: SubscriptionStatus;
  metadata: Metadata;
  /** Cycles skipped by pauses, oldest first (see `SubscriptionPause`). */
  pauses: SubscriptionPause[];
  created_at: Date;
  updated_at: Date;
  scheme: string;
}

/**
 * A pause: from the `from_charge`-th charge (0-based) on, charges are `cycles` cycles later.
 * `cycles` is null while a pause without `pause_cycles` lasts; resuming sets it to the cycles
 * passed over. A pause with `pause_cycles` knows its cycles from the start.
 */
export interface SubscriptionPause {
  from_charge: number;
  cycles: number | null;
}

/** What a new subscription is made of (POST /subscriptions, or a billing request's subscription_request). */
export interface NewSubscription {
  amount: number;
  currency: string;
  app_fee?: number | null;
  count?: number | null;
  day_of_month?: number | null;
  end_date?: string | null;
  interval: number;
  interval_unit: IntervalUnit;
  month?: string | null;
  name?: string | null;
  payment_reference?: string | null;
  retry_if_possible: boolean;
  start_date?: string | null;
  metadata: Metadata;
}

export interface SubscriptionFilters {
  createdAt?: TimeRange;
  customer?: string;
  mandate?: string;
  statuses?: string[];
}

/** What PUT /subscriptions/{id} may change; absent fields stay as they are. */
export interface SubscriptionChanges {
  amount?: number | null;
  app_fee?: number | null;
  metadata?: Metadata;
  name?: string | null;
  payment_reference?: string | null;
  retry_if_possible?: boolean | null;
}

/** Spec: a subscription's name is at most 255 characters. */
export const SUBSCRIPTION_NAME_MAX = 255;
