import type { RowOf } from '../shared/table';
import type { Metadata } from '../shared/metadata';
import type { payerAuthorisationsTable } from './queries';

export const PAYER_AUTHORISATION_STATUSES = ['created', 'submitted', 'confirmed', 'completed', 'failed'] as const;
export type PayerAuthorisationStatus = (typeof PAYER_AUTHORISATION_STATUSES)[number];

/** The objects as the public API takes them (its response shapes); every field optional until submit. */
export interface PaCustomer {
  address_line1?: string | null;
  address_line2?: string | null;
  address_line3?: string | null;
  city?: string | null;
  company_name?: string | null;
  country_code?: string | null;
  danish_identity_number?: string | null;
  email?: string | null;
  family_name?: string | null;
  given_name?: string | null;
  locale?: string | null;
  metadata?: Metadata;
  postal_code?: string | null;
  region?: string | null;
  swedish_identity_number?: string | null;
}

export interface PaBankAccount {
  account_holder_name?: string | null;
  account_number?: string | null;
  account_number_suffix?: string | null;
  account_type?: 'savings' | 'checking' | null;
  bank_code?: string | null;
  branch_code?: string | null;
  country_code?: string | null;
  currency?: string | null;
  iban?: string | null;
  metadata?: Metadata;
}

export interface PaMandate {
  metadata?: Metadata;
  payer_ip_address?: string | null;
  reference?: string | null;
  scheme?: string | null;
}

export interface PayerAuthorisationInput {
  customer?: PaCustomer | null;
  bank_account?: PaBankAccount | null;
  mandate?: PaMandate | null;
}

/** A row of `payer_authorisations` as stored: its table's declaration. */
export type PayerAuthorisationRow = RowOf<typeof payerAuthorisationsTable>;
