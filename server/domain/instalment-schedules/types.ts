import type { Metadata } from '../shared/metadata';
import type { TimeRange } from '../shared/pagination';
import type { IntervalUnit } from '../subscriptions/types';

/** Instalment schedule states (public API's `InstalmentScheduleStatus`). */
export const INSTALMENT_SCHEDULE_STATUSES = [
  'pending',
  'active',
  'creation_failed',
  'completed',
  'cancelled',
  'errored',
] as const;
export type InstalmentScheduleStatus = (typeof INSTALMENT_SCHEDULE_STATUSES)[number];

/** Spec: an instalment schedule's name is at most 100 characters. */
export const INSTALMENT_SCHEDULE_NAME_MAX = 100;

export interface InstalmentScheduleRow {
  id: string;
  organisation_id: string;
  mandate_id: string;
  customer_id: string;
  currency: string;
  name: string;
  total_amount: number;
  app_fee: number | null;
  payment_reference: string | null;
  retry_if_possible: boolean;
  status: InstalmentScheduleStatus;
  payment_errors: Record<string, unknown>;
  metadata: Metadata;
  created_at: Date;
  updated_at: Date;
  /** Its payments, oldest first (selected with the row in the same query). */
  payment_ids: string[];
}

/** One instalment with its own date; a null charge date is the earliest possible. */
export interface DatedInstalment {
  amount: number;
  charge_date?: string | null;
  description?: string | null;
}

/** Instalments every `interval` units from `start_date` (default: the earliest possible date). */
export interface InstalmentInterval {
  amounts: number[];
  interval: number;
  interval_unit: IntervalUnit;
  start_date?: string | null;
}

/** POST /instalment_schedules (and its aliases): `instalments` is an array or an interval. */
export interface CreateInstalmentSchedule {
  name: string;
  currency: string;
  total_amount: number;
  instalments: DatedInstalment[] | InstalmentInterval;
  app_fee?: number | null;
  payment_reference?: string | null;
  retry_if_possible?: boolean | null;
  metadata?: Metadata;
  links: { mandate: string };
}

export interface InstalmentScheduleFilters {
  createdAt?: TimeRange;
  customer?: string;
  mandate?: string;
  statuses?: string[];
}
