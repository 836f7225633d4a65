import type { Scheme } from './types';

/**
 * The customer details each scheme needs before a mandate or payment can be set up (schemes.md
 * § 1 "Customer fields", and the spec's collect_customer_details table). Names are satisfied by
 * either a company name or both given and family names.
 */
export interface RequiredCustomerFields {
  customer: ('email' | 'names')[];
  billing: (
    | 'address_line1'
    | 'city'
    | 'region'
    | 'postal_code'
    | 'country_code'
    | 'swedish_identity_number'
    | 'danish_identity_number'
    | 'ip_address'
  )[];
}

const NAME_AND_EMAIL: RequiredCustomerFields['customer'] = ['email', 'names'];

export const REQUIRED_CUSTOMER_FIELDS: Record<Scheme, RequiredCustomerFields> = {
  // Bacs: name or company, email, address (line 1, city; postcode for the DDI page).
  bacs: { customer: NAME_AND_EMAIL, billing: ['address_line1', 'city', 'postal_code', 'country_code'] },
  // SEPA: debtor name; the country decides whether the address is needed (added below).
  sepa_core: { customer: NAME_AND_EMAIL, billing: ['country_code'] },
  // ACH: address with a 2-letter state and postal code, and the payer's IP for online mandates.
  ach: {
    customer: NAME_AND_EMAIL,
    billing: ['address_line1', 'city', 'region', 'postal_code', 'country_code', 'ip_address'],
  },
  pad: { customer: NAME_AND_EMAIL, billing: ['address_line1', 'city', 'region', 'postal_code', 'country_code'] },
  becs: { customer: NAME_AND_EMAIL, billing: ['country_code'] },
  becs_nz: { customer: NAME_AND_EMAIL, billing: ['country_code'] },
  autogiro: { customer: NAME_AND_EMAIL, billing: ['country_code', 'swedish_identity_number'] },
  betalingsservice: { customer: NAME_AND_EMAIL, billing: ['country_code', 'danish_identity_number'] },
  faster_payments: { customer: NAME_AND_EMAIL, billing: [] },
  pay_to: { customer: NAME_AND_EMAIL, billing: [] },
};

/** SEPA countries inside the EEA: outside it, the debtor's address is mandatory (schemes.md § sepa_core). */
const EEA = new Set(
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IS IT LI LT LU LV MT NL NO PL PT RO SE SI SK GF GP MQ YT RE BL MF PM AX'.split(
    ' ',
  ),
);

export interface CustomerSnapshot {
  email?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  company_name?: string | null;
}

export interface BillingSnapshot {
  address_line1?: string | null;
  city?: string | null;
  region?: string | null;
  postal_code?: string | null;
  country_code?: string | null;
  swedish_identity_number?: string | null;
  danish_identity_number?: string | null;
  ip_address?: string | null;
}

/** The missing field names, as `collect_customer_details.incomplete_fields` lists them. */
export function incompleteFields(
  scheme: Scheme,
  customer: CustomerSnapshot,
  billing: BillingSnapshot,
  options: { offlineAch?: boolean } = {},
): { customer: string[]; customer_billing_detail: string[] } {
  const rules = REQUIRED_CUSTOMER_FIELDS[scheme];
  const missingCustomer: string[] = [];
  if (rules.customer.includes('email') && !customer.email) missingCustomer.push('email');
  if (rules.customer.includes('names') && !customer.company_name && !(customer.given_name && customer.family_name)) {
    if (!customer.given_name) missingCustomer.push('given_name');
    if (!customer.family_name) missingCustomer.push('family_name');
  }
  let billingFields = [...rules.billing];
  if (scheme === 'sepa_core' && billing.country_code && !EEA.has(billing.country_code)) {
    billingFields = [...billingFields, 'address_line1', 'city', 'postal_code'];
  }
  // ACH mandates taken by telephone or on paper have no payer IP (spec).
  if (scheme === 'ach' && options.offlineAch) billingFields = billingFields.filter((f) => f !== 'ip_address');
  const missingBilling = billingFields.filter((f) => !billing[f]);
  return { customer: missingCustomer, customer_billing_detail: missingBilling };
}
