export interface PrefilledCustomer {
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
  postal_code?: string | null;
  region?: string | null;
  swedish_identity_number?: string | null;
}

export interface FlowRow {
  id: string;
  organisation_id: string;
  billing_request_id: string;
  redirect_uri: string | null;
  exit_uri: string | null;
  language: string | null;
  lock_bank_account: boolean;
  lock_currency: boolean;
  lock_customer_details: boolean;
  prefilled_customer: PrefilledCustomer | null;
  prefilled_bank_account: { account_type?: 'savings' | 'checking' | null } | null;
  show_redirect_buttons: boolean;
  show_success_redirect_button: boolean;
  skip_success_screen: boolean;
  auto_fulfil: boolean;
  customer_details_captured: boolean;
  session_token_hash: string | null;
  expires_at: Date;
  created_at: Date;
  /** The payer confirmed before the bank gave the account the confirmation needs (decision 0078). */
  payer_confirmed_at: Date | null;
  /** When the payer first answered a step: a browser without the session confirms their email first (decision 0093). */
  payer_answered_at?: Date | null;
}
