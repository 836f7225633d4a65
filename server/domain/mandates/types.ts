import type { Metadata } from '../shared/metadata';
import type { MandateStatus } from './state';

export interface MandateRow {
  id: string;
  organisation_id: string;
  creditor_id: string;
  customer_id: string;
  customer_bank_account_id: string;
  scheme: string;
  status: MandateStatus;
  reference: string;
  metadata: Metadata;
  authorisation_source: string | null;
  consent_type: string | null;
  consent_parameters: Record<string, unknown> | null;
  funds_settlement: string;
  mandate_type: string;
  payer_ip_address: string | null;
  verified_at: Date | null;
  reinstate_count: number;
  new_mandate_id: string | null;
  created_at: Date;
  updated_at: Date;
}
