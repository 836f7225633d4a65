import { z } from 'zod';
import { CURRENCIES, type Currency } from '../../domain/shared/money';
import type { SchemeIdentifierRow } from '../../domain/scheme-identifiers/types';
import { CREDITOR_TYPES, type CreditorRow } from '../../domain/creditors/types';
import { linkWire, timestamp } from './present';
import { schemeIdentifierWire, serializeSchemeIdentifier } from './scheme-identifiers';

const PAYOUT_CURRENCIES = CURRENCIES.map((c) => c.toLowerCase() as Lowercase<Currency>);

/** A creditor on the wire (public API `creditors`): every attribute, `null` when unset; `links` only the accounts set. */
export const creditorWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  name: z.string(),
  creditor_type: z.enum(CREDITOR_TYPES),
  address_line1: z.string().nullable(),
  address_line2: z.string().nullable(),
  address_line3: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postal_code: z.string().nullable(),
  country_code: z.string(),
  bank_reference_prefix: z.string().nullable(),
  verification_status: z.enum(['successful', 'in_review', 'action_required']),
  can_create_refunds: z.boolean(),
  custom_payment_pages_enabled: z.boolean(),
  mandate_imports_enabled: z.boolean(),
  merchant_responsible_for_notifications: z.boolean(),
  logo_url: z.string().nullable(),
  /** Not in the public API's creditor: the payer pages' contact (decision 0033). */
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  fx_payout_currency: z.string().nullable(),
  scheme_identifiers: z.array(schemeIdentifierWire),
  /** The creditor bank account payouts in each currency go to (`set_as_default_payout_account`). */
  links: z.strictObject(
    Object.fromEntries(PAYOUT_CURRENCIES.map((c) => [`default_${c}_payout_account`, linkWire.optional()])) as Record<
      `default_${Lowercase<Currency>}_payout_account`,
      z.ZodOptional<typeof linkWire>
    >,
  ),
});

type CreditorWire = z.output<typeof creditorWire>;

/**
 * `payoutAccounts`: the creditor's default payout account per currency; `identifiers`: the scheme
 * identifiers asked for (any creditor's may be passed: only this one's are shown).
 */
export function serializeCreditor(
  row: CreditorRow,
  payoutAccounts: readonly { currency: string; id: string }[] = [],
  identifiers: readonly SchemeIdentifierRow[] = [],
): CreditorWire {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    name: row.name,
    creditor_type: row.creditor_type as CreditorWire['creditor_type'],
    address_line1: row.address_line1,
    address_line2: row.address_line2,
    address_line3: row.address_line3,
    city: row.city,
    region: row.region,
    postal_code: row.postal_code,
    country_code: row.country_code,
    bank_reference_prefix: row.bank_reference_prefix,
    verification_status: row.verification_status as CreditorWire['verification_status'],
    can_create_refunds: row.can_create_refunds,
    custom_payment_pages_enabled: row.custom_payment_pages_enabled,
    mandate_imports_enabled: row.mandate_imports_enabled,
    merchant_responsible_for_notifications: row.merchant_responsible_for_notifications,
    logo_url: row.logo_url,
    email: row.email,
    phone_number: row.phone_number,
    fx_payout_currency: row.fx_payout_currency,
    scheme_identifiers: identifiers.filter((i) => i.creditor_id === row.id).map(serializeSchemeIdentifier),
    links: Object.fromEntries(
      payoutAccounts.map((a) => [`default_${a.currency.toLowerCase()}_payout_account`, a.id]),
    ) as CreditorWire['links'],
  };
}
