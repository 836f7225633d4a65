import { z } from 'zod';
import {
  OUTBOUND_PAYMENT_IMPORT_STATUSES,
  type OutboundPaymentImportEntryRow,
  type OutboundPaymentImportRow,
} from '../../domain/outbound-payment-imports/types';
import { linkWire, maybeTimestamp, metadataWire, present, timestamp } from './present';

const count = z.number().int().min(0);

/** The dashboard page where a person sees the import's entries and sum and authorises it. */
export const importAuthorisationUrl = (publicUrl: string, id: string) =>
  `${publicUrl}/dashboard/outbound-payment-imports/${id}`;

/**
 * An outbound payment import on the wire (public API `outbound_payment_imports`). `processed` and
 * `failed_to_process` count the valid entries processing made a payment of, or could not. The
 * recipients' names are checked when each payment is made, not before, so the `verified*` counts
 * stay 0 (each processed entry carries its payment's `verification_result`).
 */
export const outboundPaymentImportWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  status: z.enum(OUTBOUND_PAYMENT_IMPORT_STATUSES),
  authorisation_url: z.string(),
  currency: z.enum(['GBP']),
  amount_sum: z.number().int(),
  entry_counts: z.strictObject({
    total: count,
    valid: count,
    invalid: count,
    processed: count,
    failed_to_process: count,
    verified: count,
    verified_with_full_match: count,
    verified_with_partial_match: count,
    verified_with_no_match: count,
    verified_with_unable_to_match: count,
  }),
  links: z.strictObject({ creditor: linkWire }),
});

export function serializeOutboundPaymentImport(
  row: OutboundPaymentImportRow,
  options: { publicUrl: string },
): z.output<typeof outboundPaymentImportWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    status: row.status,
    authorisation_url: importAuthorisationUrl(options.publicUrl, row.id),
    currency: 'GBP',
    amount_sum: row.amount_sum,
    entry_counts: {
      total: row.total_count,
      valid: row.valid_count,
      invalid: row.invalid_count,
      processed: row.processed_count,
      failed_to_process: row.failed_to_process_count,
      verified: 0,
      verified_with_full_match: 0,
      verified_with_partial_match: 0,
      verified_with_no_match: 0,
      verified_with_unable_to_match: 0,
    },
    links: { creditor: row.creditor_id },
  };
}

/** Per field of the outbound payment the entry would make: the codes of what is wrong with it. */
const fieldErrors = z.array(z.string());

/**
 * One entry of an outbound payment import (public API `outbound_payment_import_entries`). The
 * spec does not show the shape of `entry_items`; it follows the reference: `amount` (pence),
 * `scheme` (`faster_payments`), `recipient_bank_account_id`, `reference`, `metadata`.
 * Every attribute is sent, `null` when unset (decision 0076): `validation_errors` is null on a valid
 * entry; an entry processing could not make a payment of carries why there (`amount:
 * ["insufficient_balance"]`), each field's list (`[]` when that field is fine) and, as the real
 * API's, the `scheme` of the payment it would make. Once processed, `processed_at` is set,
 * `links.outbound_payment` names its payment and `verification_result` the recipient bank's answer.
 */
export const outboundPaymentImportEntryWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  amount: z.number().int().nullable(),
  scheme: z.enum(['faster_payments']),
  reference: z.string().nullable(),
  metadata: metadataWire,
  processed_at: z.string().nullable(),
  verification_result: z.enum(['full_match', 'partial_match', 'no_match', 'unable_to_match']).nullable(),
  validation_errors: z
    .strictObject({
      outbound_payment: z.strictObject({
        amount: fieldErrors,
        recipient_bank_account: fieldErrors,
        reference: fieldErrors,
        scheme: z.enum(['faster_payments']),
      }),
    })
    .nullable(),
  links: z.strictObject({
    outbound_payment_import: linkWire,
    outbound_payment: linkWire.optional(),
    recipient_bank_account: linkWire.optional(),
  }),
});

export function serializeOutboundPaymentImportEntry(
  row: OutboundPaymentImportEntryRow,
): z.output<typeof outboundPaymentImportEntryWire> {
  const errors = row.validation_errors?.outbound_payment;
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    amount: row.amount ?? null,
    scheme: 'faster_payments',
    reference: row.reference ?? null,
    metadata: row.metadata ?? {},
    processed_at: maybeTimestamp(row.processed_at),
    verification_result: row.verification_result ?? null,
    validation_errors: errors
      ? {
          outbound_payment: {
            amount: errors.amount ?? [],
            recipient_bank_account: errors.recipient_bank_account ?? [],
            reference: errors.reference ?? [],
            scheme: 'faster_payments',
          },
        }
      : null,
    links: present({
      outbound_payment_import: row.outbound_payment_import_id,
      outbound_payment: row.outbound_payment_id,
      recipient_bank_account: row.recipient_bank_account_id,
    }),
  };
}
