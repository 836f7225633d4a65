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

/** The types this service can build: one CSV row per resource, as its API representation. */
export const BUILT_EXPORT_TYPES = [
  'payments_index',
  'refunds_index',
  'payouts_index',
  'customers_index',
  'subscriptions_index',
  'events_index',
] as const satisfies readonly ExportType[];
export type BuiltExportType = (typeof BUILT_EXPORT_TYPES)[number];

/** Not on the wire (the reference lists no status): `download_url` and `error_message` say it. */
export const EXPORT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export interface ExportRow {
  id: string;
  organisation_id: string;
  export_type: BuiltExportType;
  currency: string;
  created_from: Date;
  created_to: Date;
  status: ExportStatus;
  build_cursor: string | null;
  parts: number;
  error_message: string | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
}
