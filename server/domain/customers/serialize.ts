import { compact, timestamp } from '../shared/serialize';
import type { CustomerBillingDetailRow, CustomerRow } from './types';

export function serializeCustomer(row: CustomerRow) {
  return compact({
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
  });
}

/** The billing request's embedded customer (spec: id, created_at, email, names, language, phone, metadata). */
export function serializeEmbeddedCustomer(row: CustomerRow) {
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    email: row.email,
    given_name: row.given_name,
    family_name: row.family_name,
    company_name: row.company_name,
    language: row.language,
    phone_number: row.phone_number,
    metadata: row.metadata ?? {},
  });
}

export function serializeBillingDetail(row: CustomerBillingDetailRow) {
  return compact({
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
  });
}
