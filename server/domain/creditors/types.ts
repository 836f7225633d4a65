export const CREDITOR_TYPES = ['company', 'individual', 'charity', 'partnership', 'trust'] as const;

export interface CreditorRow {
  id: string;
  organisation_id: string;
  name: string;
  creditor_type: string;
  country_code: string;
  address_line1: string | null;
  address_line2: string | null;
  address_line3: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  bank_reference_prefix: string | null;
  verification_status: string;
  custom_payment_pages_enabled: boolean;
  mandate_imports_enabled: boolean;
  merchant_responsible_for_notifications: boolean;
  can_create_refunds: boolean;
  logo_url: string | null;
  fx_payout_currency: string | null;
  /** How payers reach the creditor, beside its address (payer pages' footer; decision 0033). */
  email: string | null;
  phone_number: string | null;
  /** The operator's setting: outbound payments wait for a second access token's approval. */
  outbound_payments_require_approval: boolean;
  created_at: Date;
  updated_at: Date;
}

export const CREDITOR_UPDATABLE = [
  'name',
  'address_line1',
  'address_line2',
  'address_line3',
  'city',
  'region',
  'postal_code',
  'country_code',
  'bank_reference_prefix',
  'email',
  'phone_number',
] as const;
export type CreditorUpdate = Partial<Record<(typeof CREDITOR_UPDATABLE)[number], string | null>>;
