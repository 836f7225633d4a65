import { z } from 'zod';
import { PAYER_AUTHORISATION_STATUSES, type PayerAuthorisationRow } from '../../domain/payer-authorisations/types';
import type { FieldIssue } from '../../domain/shared/errors';
import { apiMessage } from '../../../i18n/api';
import type { Language } from '../../../i18n/languages';
import { payerDetailsOrNull } from './customers';
import { linkWire, metadataWire, present, timestamp } from './present';

const text = z.string().nullable();

/**
 * A payer authorisation on the wire (public API `payer_authorisations`, deprecated). The bank
 * account is shown as the reference has it, except the full account number and IBAN, which are
 * never sent back: both are always `null` and `account_number_ending` stands for them, as on
 * customer bank accounts. Every field is sent, `null` when unset (decision 0076).
 */
export const payerAuthorisationWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  status: z.enum(PAYER_AUTHORISATION_STATUSES),
  customer: z.strictObject({
    address_line1: text,
    address_line2: text,
    address_line3: text,
    city: text,
    company_name: text,
    country_code: text,
    danish_identity_number: text,
    email: text,
    family_name: text,
    given_name: text,
    locale: text,
    metadata: metadataWire,
    postal_code: text,
    region: text,
    swedish_identity_number: text,
  }),
  bank_account: z.strictObject({
    account_holder_name: text,
    account_number: z.null(),
    account_number_ending: text,
    account_number_suffix: text,
    account_type: z.enum(['savings', 'checking']).nullable(),
    bank_code: text,
    branch_code: text,
    country_code: text,
    currency: text,
    iban: z.null(),
    metadata: metadataWire,
  }),
  mandate: z.strictObject({
    metadata: metadataWire,
    payer_ip_address: text,
    reference: text,
    scheme: text,
  }),
  incomplete_fields: z.array(z.strictObject({ field: z.string(), message: z.string(), request_pointer: z.string() })),
  links: z.strictObject({
    customer: linkWire.optional(),
    bank_account: linkWire.optional(),
    mandate: linkWire.optional(),
  }),
});

const ending = (value: string | null | undefined) => (value ? value.replace(/\s/g, '').slice(-2) : null);

export function serializePayerAuthorisation(
  row: PayerAuthorisationRow,
  incomplete: FieldIssue[],
  lang: Language,
): z.output<typeof payerAuthorisationWire> {
  const { customer: c, bank_account: b, mandate: m } = row;
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    status: row.status,
    customer: {
      ...payerDetailsOrNull(c),
      locale: c.locale ?? null,
      metadata: c.metadata ?? {},
    },
    bank_account: {
      account_holder_name: b.account_holder_name ?? null,
      account_number: null,
      account_number_ending: ending(b.account_number ?? b.iban),
      account_number_suffix: b.account_number_suffix ?? null,
      account_type: b.account_type ?? null,
      bank_code: b.bank_code ?? null,
      branch_code: b.branch_code ?? null,
      country_code: b.country_code ?? null,
      currency: b.currency ?? null,
      iban: null,
      metadata: b.metadata ?? {},
    },
    mandate: {
      metadata: m.metadata ?? {},
      payer_ip_address: m.payer_ip_address ?? null,
      reference: m.reference ?? null,
      scheme: m.scheme ?? null,
    },
    incomplete_fields: incomplete.map((issue) => ({
      field: issue.field,
      message: apiMessage(lang, `field.${issue.code}`, issue.params),
      request_pointer: `/payer_authorisations/${issue.field.split('.').join('/')}`,
    })),
    links: present({
      customer: row.customer_id,
      bank_account: row.customer_bank_account_id,
      mandate: row.mandate_id,
    }),
  };
}
