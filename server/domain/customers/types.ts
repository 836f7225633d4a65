import type { Metadata } from '../shared/metadata';
import type { RowOf } from '../shared/table';
import type { BILLING_DETAIL_FIELDS, billingDetailsTable } from './billing-details-queries';
import type { CUSTOMER_FIELDS, customersTable } from './queries';

export const CUSTOMER_LANGUAGES = ['en', 'fr', 'de', 'pt', 'es', 'it', 'nl', 'da', 'nb', 'sl', 'sv'] as const;

/** A customer as stored: its table's declaration (queries.ts). */
export type CustomerRow = RowOf<typeof customersTable>;

/** A billing detail as stored: its table's declaration (billing-details-queries.ts). */
export type CustomerBillingDetailRow = RowOf<typeof billingDetailsTable>;

/** The customer fields a merchant or payer can set (customers create/update, collect_customer_details). */
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type CustomerInput = Partial<Record<CustomerField, string | null>> & { metadata?: Metadata };

/** Billing-detail fields (collect_customer_details' customer_billing_detail). */
export type BillingDetailField = (typeof BILLING_DETAIL_FIELDS)[number];
export type BillingDetailInput = Partial<Record<BillingDetailField, string | null>>;
