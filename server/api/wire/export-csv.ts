import { CUSTOMER_FIELDS } from '../../domain/customers/queries';
import type { IndexExportType } from '../../domain/exports/types';
import { csvLine, csvRowAt } from '../../domain/shared/csv';

/**
 * The CSV an export holds: one row per resource, its columns the resource's API fields (dotted
 * paths into the wire object), written by the one CSV writer (domain/shared/csv.ts).
 */
export const EXPORT_COLUMNS: Record<IndexExportType, readonly string[]> = {
  payments_index: [
    'id',
    'created_at',
    'charge_date',
    'amount',
    'amount_refunded',
    'app_fee',
    'currency',
    'description',
    'reference',
    'scheme',
    'status',
    'retry_if_possible',
    'metadata',
    'links.creditor',
    'links.mandate',
    'links.subscription',
    'links.instalment_schedule',
    'links.payout',
  ],
  refunds_index: [
    'id',
    'created_at',
    'amount',
    'currency',
    'reference',
    'status',
    'metadata',
    'links.payment',
    'links.mandate',
  ],
  payouts_index: [
    'id',
    'created_at',
    'amount',
    'arrival_date',
    'currency',
    'deducted_fees',
    'payout_type',
    'reference',
    'status',
    'metadata',
    'links.creditor',
    'links.creditor_bank_account',
  ],
  // The customer's settable fields but the identity numbers, which no export carries.
  customers_index: [
    'id',
    'created_at',
    ...CUSTOMER_FIELDS.filter((f) => f !== 'swedish_identity_number' && f !== 'danish_identity_number'),
    'metadata',
  ],
  subscriptions_index: [
    'id',
    'created_at',
    'amount',
    'app_fee',
    'count',
    'currency',
    'day_of_month',
    'interval',
    'interval_unit',
    'month',
    'name',
    'payment_reference',
    'start_date',
    'end_date',
    'status',
    'metadata',
    'links.mandate',
  ],
  events_index: [
    'id',
    'created_at',
    'resource_type',
    'action',
    'details.origin',
    'details.cause',
    'details.description',
    'details.scheme',
    'details.reason_code',
    'links',
    'metadata',
  ],
};

export const csvHeader = (type: IndexExportType) => csvLine(EXPORT_COLUMNS[type]);

export const csvRow = (type: IndexExportType, wire: unknown) => csvRowAt(EXPORT_COLUMNS[type], wire);
