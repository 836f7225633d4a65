import type { RowOf } from '../shared/table';
import type { exportsTable } from './queries';
/**
 * Public API `ExportExportType`: every type the client knows, so a row of any of them reads back;
 * the worker builds the ones in `BUILT_EXPORT_TYPES` (decision 0037).
 */
export const EXPORT_TYPES = [
  'payments_index',
  'events_index',
  'refunds_index',
  'payouts_index',
  'customers_index',
  'subscriptions_index',
  'payment_events',
  'subscription_events',
  'payout_events',
  'refund_events',
  'mandate_events',
  'payout_events_breakdown',
  'payout_events_reconciliation',
  'payout_transactions_breakdown',
  'payout_transactions_reconciliation',
  'authorisation_requests',
  'customer_bank_accounts',
  'users',
  'organisation_authorisations',
  'app_connected_organisations',
  'gc_invalid_authorisation_requests',
  'partner_fees',
  'payments_import_template',
  'payment_account_statement',
  'outbound_payments_index',
  'payment_account_transactions',
] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

/** The `*_index` types: one CSV row per resource, as its API representation (decision 0037). */
export const INDEX_EXPORT_TYPES = [
  'payments_index',
  'refunds_index',
  'payouts_index',
  'customers_index',
  'subscriptions_index',
  'events_index',
] as const satisfies readonly ExportType[];
export type IndexExportType = (typeof INDEX_EXPORT_TYPES)[number];

/**
 * The partner types: this service has no partner apps, so there is nothing they could hold, and
 * creating one is refused rather than answered with an empty file that looks searched (decision 0040).
 */
export const PARTNER_EXPORT_TYPES = [
  'organisation_authorisations',
  'app_connected_organisations',
  'gc_invalid_authorisation_requests',
  'partner_fees',
] as const satisfies readonly ExportType[];

/** Every type but the partner ones: the worker builds each (decisions 0037 and 0040). */
export const BUILT_EXPORT_TYPES = EXPORT_TYPES.filter(
  (type): type is Exclude<ExportType, (typeof PARTNER_EXPORT_TYPES)[number]> =>
    !(PARTNER_EXPORT_TYPES as readonly string[]).includes(type),
);
export type BuiltExportType = Exclude<ExportType, (typeof PARTNER_EXPORT_TYPES)[number]>;

export const isBuiltExportType = (value: string): value is BuiltExportType =>
  (BUILT_EXPORT_TYPES as readonly string[]).includes(value);

/** Not on the wire (the reference lists no status): `download_url` and `error_message` say it. */
export const EXPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** A row of `exports` as stored: its table's declaration. */
export type ExportRow = RowOf<typeof exportsTable>;
