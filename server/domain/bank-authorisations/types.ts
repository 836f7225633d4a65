export interface BankAuthorisationRow {
  id: string;
  organisation_id: string;
  billing_request_id: string;
  flow_id: string | null;
  institution_id: string;
  authorisation_type: 'payment' | 'mandate';
  redirect_uri: string;
  status: 'pending' | 'authorised' | 'denied' | 'failed' | 'expired';
  created_at: Date;
  expires_at: Date;
  last_visited_at: Date | null;
  authorised_at: Date | null;
  completed_at: Date | null;
}
