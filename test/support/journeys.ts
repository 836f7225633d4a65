import { expect } from 'vitest';
import type { ApiClient } from './client';
import type { Merchant } from './factories';

/**
 * Whole merchant journeys through the API, shaped as the public API's client libraries send
 * them: action bodies under `data`, an Idempotency-Key on every POST.
 */

/** Sandbox test details per currency (schemes.md § 5) and the customer details each scheme needs. */
export const SANDBOX_ACCOUNTS = {
  GBP: { account_holder_name: 'Jane Doe', branch_code: '200000', account_number: '55779911', country_code: 'GB' },
  EUR: { account_holder_name: 'Jean Dupont', iban: 'FR1420041010050500013M02606' },
  USD: {
    account_holder_name: 'John Doe',
    bank_code: '026073150',
    account_number: '2715500356',
    account_type: 'checking',
    country_code: 'US',
  },
  CAD: {
    account_holder_name: 'Jean Tremblay',
    bank_code: '0003',
    branch_code: '00006',
    account_number: '1234567',
    country_code: 'CA',
  },
  AUD: { account_holder_name: 'Bruce Smith', branch_code: '082-082', account_number: '012345678', country_code: 'AU' },
  NZD: {
    account_holder_name: 'Kiri Smith',
    bank_code: '12',
    branch_code: '3113',
    account_number: '0003869',
    account_number_suffix: '00',
    country_code: 'NZ',
  },
  SEK: { account_holder_name: 'Sven Svensson', branch_code: '5491', account_number: '0000003', country_code: 'SE' },
  DKK: { account_holder_name: 'Jens Jensen', bank_code: '345', account_number: '3179681', country_code: 'DK' },
} as const;

export type SandboxCurrency = keyof typeof SANDBOX_ACCOUNTS;

export const CUSTOMER_DETAILS: Record<
  SandboxCurrency,
  { customer: Record<string, string>; customer_billing_detail: Record<string, string> }
> = {
  GBP: {
    customer: { given_name: 'Jane', family_name: 'Doe', email: 'jane@example.com' },
    customer_billing_detail: { address_line1: '1 High St', city: 'London', postal_code: 'E1 6AN', country_code: 'GB' },
  },
  EUR: {
    customer: { given_name: 'Jean', family_name: 'Dupont', email: 'jean@example.fr' },
    customer_billing_detail: {
      address_line1: '1 rue de Rivoli',
      city: 'Paris',
      postal_code: '75001',
      country_code: 'FR',
    },
  },
  USD: {
    customer: { given_name: 'John', family_name: 'Doe', email: 'john@example.com' },
    customer_billing_detail: {
      address_line1: '1 Main St',
      city: 'Springfield',
      region: 'IL',
      postal_code: '62701',
      country_code: 'US',
      ip_address: '203.0.113.7',
    },
  },
  CAD: {
    customer: { given_name: 'Jean', family_name: 'Tremblay', email: 'jean@example.ca' },
    customer_billing_detail: {
      address_line1: '1 Rue Sainte-Catherine',
      city: 'Montréal',
      region: 'QC',
      postal_code: 'H2X 1K4',
      country_code: 'CA',
    },
  },
  AUD: {
    customer: { given_name: 'Bruce', family_name: 'Smith', email: 'bruce@example.com.au' },
    customer_billing_detail: { country_code: 'AU' },
  },
  NZD: {
    customer: { given_name: 'Kiri', family_name: 'Smith', email: 'kiri@example.co.nz' },
    customer_billing_detail: { country_code: 'NZ' },
  },
  SEK: {
    customer: { given_name: 'Sven', family_name: 'Svensson', email: 'sven@example.se' },
    customer_billing_detail: { country_code: 'SE', swedish_identity_number: '198112289874' },
  },
  DKK: {
    customer: { given_name: 'Jens', family_name: 'Jensen', email: 'jens@example.dk' },
    customer_billing_detail: { country_code: 'DK', danish_identity_number: '0101701234' },
  },
};

let keys = 0;
const key = () => ({ headers: { 'idempotency-key': `journey-${Date.now()}-${++keys}` } });

/** POST with an Idempotency-Key, expecting a success; returns the body. */
export async function post(api: ApiClient, path: string, body: unknown, status = 200) {
  const res = await api.post(path, body, key());
  expect(res.status, `${path}: ${res.text}`).toBe(status);
  return res.body;
}

/** A GBP mandate request and its flow (currency locked): what a payer opens at `flow.authorisation_url`. */
export async function mandateFlow(api: ApiClient) {
  const br = (await post(api, '/billing_requests', { billing_requests: { mandate_request: { currency: 'GBP' } } }, 201))
    .billing_requests;
  const flow = (
    await post(
      api,
      '/billing_request_flows',
      { billing_request_flows: { lock_currency: true, links: { billing_request: br.id } } },
      201,
    )
  ).billing_request_flows;
  return { br, flow };
}

export interface MandateJourneyOptions {
  currency: SandboxCurrency;
  mandate_request?: Record<string, unknown>;
  payment_request?: Record<string, unknown>;
  subscription_request?: Record<string, unknown>;
  instalment_schedule_request?: Record<string, unknown>;
  customerDetails?: { customer: Record<string, string>; customer_billing_detail: Record<string, string> };
}

/**
 * A Direct Debit mandate set up through a billing request: create, collect customer details and
 * the bank account, confirm, fulfil. Returns the fulfilled billing request and the mandate id.
 */
export async function createMandateViaBillingRequest(merchant: Merchant, options: MandateJourneyOptions) {
  const api = merchant.api;
  const created = await post(
    api,
    '/billing_requests',
    {
      billing_requests: {
        mandate_request: { currency: options.currency, ...options.mandate_request },
        ...(options.payment_request ? { payment_request: options.payment_request } : {}),
        ...(options.subscription_request ? { subscription_request: options.subscription_request } : {}),
        ...(options.instalment_schedule_request
          ? { instalment_schedule_request: options.instalment_schedule_request }
          : {}),
      },
    },
    201,
  );
  const id = created.billing_requests.id as string;
  const actions = `/billing_requests/${id}/actions`;
  await post(api, `${actions}/collect_customer_details`, {
    data: options.customerDetails ?? CUSTOMER_DETAILS[options.currency],
  });
  await post(api, `${actions}/collect_bank_account`, { data: SANDBOX_ACCOUNTS[options.currency] });
  await post(api, `${actions}/confirm_payer_details`, { data: {} });
  const fulfilled = await post(api, `${actions}/fulfil`, { data: {} });
  const billingRequest = fulfilled.billing_requests;
  expect(billingRequest.status).toBe('fulfilled');
  return { billingRequest, mandateId: billingRequest.links.mandate_request_mandate as string };
}
