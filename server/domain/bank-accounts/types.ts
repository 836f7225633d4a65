import type { Metadata } from '../shared/metadata';

export interface BankAccountRow {
  id: string;
  organisation_id: string;
  customer_id: string;
  account_holder_name: string;
  account_number_ending: string;
  account_type: 'checking' | 'savings' | null;
  bank_name: string | null;
  bic: string | null;
  bank_code: string | null;
  branch_code: string | null;
  country_code: string;
  currency: string;
  fingerprint: string;
  enabled: boolean;
  metadata: Metadata;
  created_at: Date;
  updated_at: Date;
}
