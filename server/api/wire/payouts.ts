import { z } from 'zod';
import { PAYOUT_ITEM_TYPES } from '../../domain/ledger/postings';
import type { LedgerEntryRow } from '../../domain/ledger/queries';
import type { PayoutItemTaxRow } from '../../domain/ledger/tax-queries';
import { PAYOUT_STATUSES } from '../../domain/payouts/state';
import type { PayoutRow } from '../../domain/payouts/types';
import { linkWire, metadataWire, present, timestamp } from './present';

/**
 * A payout on the wire (public API `payouts`). `fx` names the currency its bank account is paid in:
 * its own when there is no conversion (every rate null), another for an FX payout (decision 0041):
 * the estimated rate until it is paid, then the confirmed rate and the converted amount.
 */
export const payoutWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  amount: z.number().int(),
  arrival_date: z.string().nullable(),
  currency: z.string(),
  deducted_fees: z.number().int(),
  metadata: metadataWire,
  payout_type: z.enum(['merchant', 'partner']),
  reference: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  tax_currency: z.string().nullable(),
  fx: z.strictObject({
    estimated_exchange_rate: z.string().nullable(),
    exchange_rate: z.string().nullable(),
    fx_amount: z.number().int().nullable(),
    fx_currency: z.string(),
  }),
  links: z.strictObject({ creditor: linkWire, creditor_bank_account: linkWire }),
});

export function serializePayout(row: PayoutRow): z.output<typeof payoutWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    amount: row.amount,
    arrival_date: row.arrival_date,
    currency: row.currency,
    deducted_fees: row.deducted_fees,
    metadata: row.metadata ?? {},
    payout_type: row.payout_type,
    reference: row.reference,
    status: row.status,
    tax_currency: row.tax_currency ?? null,
    fx: {
      estimated_exchange_rate: row.estimated_exchange_rate ?? null,
      exchange_rate: row.exchange_rate ?? null,
      fx_amount: row.fx_amount ?? null,
      fx_currency: row.fx_currency ?? row.currency,
    },
    links: { creditor: row.creditor_id, creditor_bank_account: row.creditor_bank_account_id },
  };
}

/**
 * The tax part of a fee item (its amount includes it), in minor units as strings like the item's:
 * `destination_amount` is the tax in the jurisdiction's currency, null until the exchange rate
 * from the fee's currency is confirmed; `exchange_rate` is null when no conversion is needed.
 */
const payoutItemTaxWire = z.strictObject({
  amount: z.string(),
  currency: z.string(),
  destination_amount: z.string().nullable(),
  destination_currency: z.string(),
  exchange_rate: z.string().nullable(),
  tax_rate_id: z.string(),
});

/** A payout item (public API `payout_items`): its amount is a string of minor units, signed. */
export const payoutItemWire = z.strictObject({
  amount: z.string(),
  type: z.enum(PAYOUT_ITEM_TYPES),
  links: z.strictObject({ mandate: linkWire.optional(), payment: linkWire.optional(), refund: linkWire.optional() }),
  taxes: z.array(payoutItemTaxWire),
});

export function serializePayoutItem(entry: LedgerEntryRow, tax?: PayoutItemTaxRow): z.output<typeof payoutItemWire> {
  return {
    amount: String(entry.amount),
    type: entry.item_type!,
    links: present({ mandate: entry.mandate_id, payment: entry.payment_id, refund: entry.refund_id }),
    taxes: tax
      ? [
          {
            amount: String(tax.amount),
            currency: tax.currency,
            destination_amount: tax.destination_amount === null ? null : String(tax.destination_amount),
            destination_currency: tax.destination_currency,
            exchange_rate: tax.exchange_rate,
            tax_rate_id: tax.tax_rate_id,
          },
        ]
      : [],
  };
}
