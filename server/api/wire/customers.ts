import { z } from 'zod';
import { BILLING_DETAIL_FIELDS, billingDetailsTable } from '../../domain/customers/billing-details-queries';
import { CUSTOMER_FIELDS, customersTable } from '../../domain/customers/queries';
import type { CustomerBillingDetailRow, CustomerRow } from '../../domain/customers/types';
import { wireFields } from './columns';
import { metadataWire, timestamp } from './present';

/** A customer on the wire (public API `customers`): every attribute, `null` when unset (docs/api-fidelity.md). */
export const customerWire = z.strictObject({
  ...wireFields(customersTable, ['id', 'created_at']),
  ...wireFields(customersTable, CUSTOMER_FIELDS),
  metadata: metadataWire,
});

/** The billing request's embedded customer (spec: id, created_at, email, names, language, phone, metadata). */
export const embeddedCustomerWire = customerWire.pick({
  id: true,
  created_at: true,
  email: true,
  given_name: true,
  family_name: true,
  company_name: true,
  language: true,
  phone_number: true,
  metadata: true,
});

/** The billing request's embedded billing detail (public API `resources.customer_billing_detail`). */
export const billingDetailWire = z.strictObject({
  ...wireFields(billingDetailsTable, ['id', 'created_at']),
  ...wireFields(billingDetailsTable, BILLING_DETAIL_FIELDS),
  schemes: z.array(z.string()),
});

/** The payer's details a flow is prefilled with, or a payer authorisation carries: each `null` when not given. */
const PAYER_DETAIL_FIELDS = [
  'address_line1',
  'address_line2',
  'address_line3',
  'city',
  'company_name',
  'country_code',
  'danish_identity_number',
  'email',
  'family_name',
  'given_name',
  'postal_code',
  'region',
  'swedish_identity_number',
] as const;
type PayerDetailField = (typeof PAYER_DETAIL_FIELDS)[number];

export function payerDetailsOrNull(
  details: Partial<Record<PayerDetailField, string | null>>,
): Record<PayerDetailField, string | null> {
  return Object.fromEntries(PAYER_DETAIL_FIELDS.map((field) => [field, details[field] ?? null])) as Record<
    PayerDetailField,
    string | null
  >;
}

export function serializeCustomer(row: CustomerRow): z.output<typeof customerWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    email: row.email,
    given_name: row.given_name,
    family_name: row.family_name,
    company_name: row.company_name,
    language: row.language,
    phone_number: row.phone_number,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    address_line3: row.address_line3,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country_code: row.country_code,
    swedish_identity_number: row.swedish_identity_number,
    danish_identity_number: row.danish_identity_number,
    metadata: row.metadata ?? {},
  };
}

export function serializeEmbeddedCustomer(row: CustomerRow): z.output<typeof embeddedCustomerWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    email: row.email,
    given_name: row.given_name,
    family_name: row.family_name,
    company_name: row.company_name,
    language: row.language,
    phone_number: row.phone_number,
    metadata: row.metadata ?? {},
  };
}

export function serializeBillingDetail(row: CustomerBillingDetailRow): z.output<typeof billingDetailWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    address_line3: row.address_line3,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country_code: row.country_code,
    swedish_identity_number: row.swedish_identity_number,
    danish_identity_number: row.danish_identity_number,
    ip_address: row.ip_address,
    schemes: row.schemes ?? [],
  };
}
