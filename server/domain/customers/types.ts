import type { Metadata } from '../shared/metadata';

export const CUSTOMER_LANGUAGES = ['en', 'fr', 'de', 'pt', 'es', 'it', 'nl', 'da', 'nb', 'sl', 'sv'] as const;

export interface CustomerRow {
  id: string;
  organisation_id: string;
  email: string | null;
  given_name: string | null;
  family_name: string | null;
  company_name: string | null;
  language: string | null;
  phone_number: string | null;
  address_line1: string | null;
  address_line2: string | null;
  address_line3: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country_code: string | null;
  swedish_identity_number: string | null;
  danish_identity_number: string | null;
  metadata: Metadata;
  created_at: Date;
  updated_at: Date;
  removed_at: Date | null;
}

export interface CustomerBillingDetailRow {
  id: string;
  organisation_id: string;
  customer_id: string;
  address_line1: string | null;
  address_line2: string | null;
  address_line3: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country_code: string | null;
  swedish_identity_number: string | null;
  danish_identity_number: string | null;
  ip_address: string | null;
  schemes: string[];
  created_at: Date;
}

/** The customer fields a merchant or payer can set (customers create/update, collect_customer_details). */
export const CUSTOMER_FIELDS = [
  'email',
  'given_name',
  'family_name',
  'company_name',
  'language',
  'phone_number',
  'address_line1',
  'address_line2',
  'address_line3',
  'city',
  'region',
  'postal_code',
  'country_code',
  'swedish_identity_number',
  'danish_identity_number',
] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];
export type CustomerInput = Partial<Record<CustomerField, string | null>> & { metadata?: Metadata };

/** Billing-detail fields (collect_customer_details' customer_billing_detail). */
export const BILLING_DETAIL_FIELDS = [
  'address_line1',
  'address_line2',
  'address_line3',
  'city',
  'region',
  'postal_code',
  'country_code',
  'swedish_identity_number',
  'danish_identity_number',
  'ip_address',
] as const;
export type BillingDetailField = (typeof BILLING_DETAIL_FIELDS)[number];
export type BillingDetailInput = Partial<Record<BillingDetailField, string | null>>;
