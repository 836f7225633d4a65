import { compact, timestamp } from '../shared/serialize';
import { schemeIdentifiersFor } from './scheme-identifiers';
import type { CreditorRow } from './types';

export function serializeCreditor(row: CreditorRow) {
  return compact({
    id: row.id,
    created_at: timestamp(row.created_at),
    name: row.name,
    creditor_type: row.creditor_type,
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    address_line3: row.address_line3,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country_code: row.country_code,
    bank_reference_prefix: row.bank_reference_prefix,
    verification_status: row.verification_status,
    can_create_refunds: row.can_create_refunds,
    custom_payment_pages_enabled: row.custom_payment_pages_enabled,
    mandate_imports_enabled: row.mandate_imports_enabled,
    merchant_responsible_for_notifications: row.merchant_responsible_for_notifications,
    logo_url: row.logo_url,
    fx_payout_currency: row.fx_payout_currency,
    scheme_identifiers: schemeIdentifiersFor(row),
    links: {},
  });
}
