import { z } from 'zod';
import type { FlowRow } from '../../domain/flows/types';
import { payerDetailsOrNull } from './customers';
import { linkWire, timestamp } from './present';

const prefilled = z.string().nullable();

/**
 * A billing request flow on the wire (public API `billing_request_flows`): every field, `null` when
 * unset (decision 0076); `prefilled_customer` null or with each of its fields.
 */
export const flowWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  authorisation_url: z.string(),
  auto_fulfil: z.boolean(),
  customer_details_captured: z.boolean(),
  redirect_uri: z.string().nullable(),
  exit_uri: z.string().nullable(),
  language: z.string().nullable(),
  lock_bank_account: z.boolean(),
  lock_currency: z.boolean(),
  lock_customer_details: z.boolean(),
  prefilled_customer: z
    .strictObject({
      address_line1: prefilled,
      address_line2: prefilled,
      address_line3: prefilled,
      city: prefilled,
      company_name: prefilled,
      country_code: prefilled,
      danish_identity_number: prefilled,
      email: prefilled,
      family_name: prefilled,
      given_name: prefilled,
      postal_code: prefilled,
      region: prefilled,
      swedish_identity_number: prefilled,
    })
    .nullable(),
  prefilled_bank_account: z.strictObject({ account_type: z.enum(['savings', 'checking']).nullable() }).nullable(),
  show_redirect_buttons: z.boolean(),
  show_success_redirect_button: z.boolean(),
  skip_success_screen: z.boolean(),
  /** Set only in the answer of `initialise`. */
  session_token: z.string().nullable(),
  links: z.strictObject({ billing_request: linkWire }),
});

/** The flow as the API shows it; `session_token` null but in the answer of `initialise`. */
export function serializeFlow(
  row: FlowRow,
  options: { publicUrl: string; sessionToken?: string },
): z.output<typeof flowWire> {
  const c = row.prefilled_customer;
  return {
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
    prefilled_customer: c ? payerDetailsOrNull(c) : null,
    prefilled_bank_account: row.prefilled_bank_account
      ? { account_type: row.prefilled_bank_account.account_type ?? null }
      : null,
    show_redirect_buttons: row.show_redirect_buttons,
    show_success_redirect_button: row.show_success_redirect_button,
    skip_success_screen: row.skip_success_screen,
    session_token: options.sessionToken ?? null,
    links: { billing_request: row.billing_request_id },
  };
}
