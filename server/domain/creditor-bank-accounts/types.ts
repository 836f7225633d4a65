import type { TimeRange } from '../shared/pagination';
import type { Metadata } from '../shared/metadata';

export interface CreditorBankAccountRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  account_holder_name: string;
  account_number_ending: string;
  account_type: 'checking' | 'savings' | null;
  bank_name: string | null;
  bic: string | null;
  country_code: string;
  currency: string;
  fingerprint: string;
  enabled: boolean;
  default_payout: boolean;
  verification_status: 'pending' | 'in_review' | 'successful' | 'could_not_verify';
  metadata: Metadata;
  created_at: Date;
  updated_at: Date;
}

export interface CreditorBankAccountFilters {
  creditor?: string;
  enabled?: boolean;
  createdAt?: TimeRange;
}
