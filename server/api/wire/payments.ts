import { z } from 'zod';
import { PAYMENT_STATUSES } from '../../domain/payments/state';
import type { PaymentRow } from '../../domain/payments/types';
import { linkWire, metadataWire, present, timestamp } from './present';

/**
 * Public API `payments.fx`: all null unless a payout pays the payment out in another currency (the
 * creditor's `fx_payout_currency`): then that currency and the payout's estimated rate, and once the
 * payout is paid its confirmed rate and the payment's amount converted (decision 0076).
 */
const paymentFxWire = z.strictObject({
  fx_currency: z.string().nullable(),
  fx_amount: z.number().int().nullable(),
  exchange_rate: z.string().nullable(),
  estimated_exchange_rate: z.string().nullable(),
});

/**
 * A payment on the wire (public API `payments`): every attribute, `null` when unset; `links` only
 * those it has (docs/api-fidelity.md). `faster_ach` is a boolean on an ACH payment, else null.
 */
export const paymentWire = z.strictObject({
  id: z.string(),
  created_at: z.string(),
  charge_date: z.string().nullable(),
  amount: z.number().int(),
  amount_refunded: z.number().int(),
  app_fee: z.number().int().nullable(),
  currency: z.string(),
  description: z.string().nullable(),
  reference: z.string().nullable(),
  scheme: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  retry_if_possible: z.boolean(),
  faster_ach: z.boolean().nullable(),
  fx: paymentFxWire,
  metadata: metadataWire,
  links: z.strictObject({
    creditor: linkWire,
    mandate: linkWire.optional(),
    subscription: linkWire.optional(),
    instalment_schedule: linkWire.optional(),
    payout: linkWire.optional(),
  }),
});

export function serializePayment(row: PaymentRow): z.output<typeof paymentWire> {
  return {
    id: row.id,
    created_at: timestamp(row.created_at),
    charge_date: row.charge_date,
    amount: row.amount,
    amount_refunded: row.amount_refunded,
    app_fee: row.app_fee,
    currency: row.currency,
    description: row.description,
    reference: row.reference,
    scheme: row.scheme,
    status: row.status,
    retry_if_possible: row.retry_if_possible,
    faster_ach: row.scheme === 'ach' ? (row.faster_ach ?? false) : null,
    fx: {
      fx_currency: row.fx_currency,
      fx_amount: row.fx_amount,
      exchange_rate: row.exchange_rate,
      estimated_exchange_rate: row.estimated_exchange_rate,
    },
    metadata: row.metadata ?? {},
    links: present({
      creditor: row.creditor_id,
      mandate: row.mandate_id,
      subscription: row.subscription_id,
      instalment_schedule: row.instalment_schedule_id,
      payout: row.payout_id,
    }),
  };
}
