import { compact, timestamp } from '../shared/serialize';
import type { FlowRow } from './types';

/** The flow as the API shows it; `session_token` only in the answer of `initialise`. */
export function serializeFlow(row: FlowRow, options: { publicUrl: string; sessionToken?: string }) {
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    expires_at: timestamp(row.expires_at),
    authorisation_url: `${options.publicUrl}/pay/${row.id}`,
    auto_fulfil: row.auto_fulfil,
    customer_details_captured: row.customer_details_captured,
    redirect_uri: row.redirect_uri,
    exit_uri: row.exit_uri,
    language: row.language,
    lock_bank_account: row.lock_bank_account,
    lock_currency: row.lock_currency,
    lock_customer_details: row.lock_customer_details,
    prefilled_customer: row.prefilled_customer,
    prefilled_bank_account: row.prefilled_bank_account,
    show_redirect_buttons: row.show_redirect_buttons,
    show_success_redirect_button: row.show_success_redirect_button,
    skip_success_screen: row.skip_success_screen,
    session_token: options.sessionToken ?? null,
    links: { billing_request: row.billing_request_id },
  });
}
